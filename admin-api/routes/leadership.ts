import { type Context, Hono } from 'hono';
import { ImageRef, imageField, LEADERSHIP_ROLES, SiteContent } from '../../site/contract/content.ts';
import type { AppDeps } from '../app-deps.ts';
import { readJson } from '../http/json-body.ts';
import { oneOf } from '../http/path-params.ts';
import { operations } from '../openapi/operation.ts';
import { contentWriter } from '../workflow/content-writer.ts';
import { CONTENT_ETAG, contentAnswer } from './content.ts';

const NO_SUCH_ROLE = `There is no such leadership role (one of ${LEADERSHIP_ROLES.join(', ')})`;

/** The images of the five leadership roles (their messages change through PUT /api/content). */
export function leadershipRoutes(deps: AppDeps) {
  const op = operations(deps);
  const write = contentWriter(deps);
  const roleOf = (c: Context) => oneOf(LEADERSHIP_ROLES, c.req.param('role') ?? '', NO_SUCH_ROLE);
  const answers = {
    200: {
      description: 'The whole content as stored.',
      schema: SiteContent,
      headers: { ETag: CONTENT_ETAG },
    },
  };
  const refusals = { 404: `The role is not one of ${LEADERSHIP_ROLES.join(', ')}: “${NO_SUCH_ROLE}”.` };
  return new Hono()
    .put(
      '/person-image/:role',
      op({
        tag: 'Pages',
        summary: 'Set a leader’s photo',
        description: 'An image uploaded first (POST /api/upload): the `imageId` and `originalName` it answered.',
        permission: 'content',
        body: ImageRef,
        example: { imageId: '0123456789abcdef0123456789abcdef.jpg', originalName: 'headmistress.jpg' },
        answers,
        refusals: {
          ...refusals,
          400: 'The request is not valid (the message says why), or the image was not uploaded.',
        },
      }),
      async (c) => {
        const role = roleOf(c);
        const image = await readJson(c, ImageRef);
        return contentAnswer(
          c,
          deps.stores,
          await write((draft) => {
            draft[imageField(role)] = image;
          }),
        );
      },
    )
    .delete(
      '/person-image/:role',
      op({
        tag: 'Pages',
        summary: 'Remove a leader’s photo',
        permission: 'content',
        answers,
        refusals,
      }),
      async (c) => {
        const role = roleOf(c);
        return contentAnswer(
          c,
          deps.stores,
          await write((draft) => {
            draft[imageField(role)] = null;
          }),
        );
      },
    );
}
