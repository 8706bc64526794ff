import { useState } from 'react';
import {
  imageField,
  LEADERSHIP_ROLES,
  LEADERSHIP_TITLES,
  type LeadershipRole,
  messageField,
  type SiteContent,
} from '../../contract/content.ts';
import type { Translations } from '../../contract/translations.ts';
import { adminExchange, uploadImage } from '../../lib/admin-api.ts';
import { PREVIEW_LIMITS } from '../../lib/text-cuts.ts';
import { Alert } from './Alert.tsx';
import { AltTextField, altToSend } from './AltTextField.tsx';
import { ImageInput, Thumbnail, UploadProgress } from './images.tsx';
import { Panel } from './Panel.tsx';
import { TranslatableField, type Translating } from './translations/TranslatableField.tsx';
import { languageOf, withTranslation } from './translations/translation-text.ts';
import { useAction } from './use-action.ts';
import type { DocumentContent } from './use-content-document.ts';
import type { MessageSaver } from './use-message-saver.ts';
import { EditingNow } from './use-presence.tsx';

interface Leader {
  title: string;
  name: string;
}

/** The five leadership messages and their images, in the order of the public page. */
export function LeadershipSection({
  content,
  messages,
  onContent,
}: {
  content: DocumentContent;
  messages: MessageSaver;
  /** A call answered the whole content, and the ETag of that version. */
  onContent: (content: SiteContent, etag: string | null) => void;
}) {
  return (
    <Panel
      id="leadership"
      title="Leadership messages"
      summary={`Messages save as you type. The leadership page shows the first ${PREVIEW_LIMITS.leadershipWords} words of each, with Read More for the rest.`}
    >
      <ul className="leader-list">
        {LEADERSHIP_ROLES.map((role) => (
          <LeaderCard
            key={role}
            role={role}
            leader={{ title: LEADERSHIP_TITLES[role], name: content.settings.leaderNames[role] }}
            content={content}
            messages={messages}
            onContent={onContent}
          />
        ))}
      </ul>
    </Panel>
  );
}

const IMAGE = 'image';
const DELETE_IMAGE = 'delete-image';
const ALT = 'alt';
const SAVE_LABELS = { saving: 'Saving…', saved: 'Saved', failed: 'Not saved' } as const;

function LeaderCard({
  role,
  leader,
  content,
  messages,
  onContent,
}: {
  role: LeadershipRole;
  leader: Leader;
  content: DocumentContent;
  messages: MessageSaver;
  onContent: (content: SiteContent, etag: string | null) => void;
}) {
  const field = messageField(role);
  const image = content[imageField(role)];
  // The field shows the stored message (which another tab may change) until it is typed into;
  // from then on it keeps what is typed, whatever the server answers meanwhile.
  const [typed, setTyped] = useState<string | null>(null);
  const [opened, setOpened] = useState(false);
  const text = typed ?? content[field];
  const status = messages.statuses[field];
  const action = useAction();
  const [file, setFile] = useState<File | null>(null);
  const [inputKey, setInputKey] = useState(0);
  const [alt, setAlt] = useState(image?.alt);
  const id = `leader-${role}`;
  // The translations as typed here, until the content answered after saving them says the same.
  const [typedTranslations, setTypedTranslations] = useState<Translations | undefined>(undefined);
  const translating: Translating = {
    translations: typedTranslations ?? content.translations,
    onTranslate: (language, translated, next) => {
      setTypedTranslations((before) => withTranslation(before ?? content.translations, language, translated, next));
      messages.translate(field, language, String(next));
    },
    stored: content,
  };
  const path = `/api/person-image/${role}`;

  function type(next: string) {
    setTyped(next);
    messages.edit(field, next);
  }

  async function upload() {
    if (!file) return action.refuse(IMAGE, 'Please choose an image to upload');
    const done = await action.run(IMAGE, 'Failed to upload image', async (progress) => {
      const { imageId, originalName } = await uploadImage(file, progress);
      const json = { imageId, originalName, ...altToSend(alt) };
      const { body, headers } = await adminExchange<SiteContent>(path, { method: 'PUT', json });
      onContent(body, headers.get('ETag'));
    });
    if (done) {
      setFile(null);
      setInputKey((key) => key + 1);
    }
  }

  /** The photo's text alternative alone, changed. */
  function saveAlt() {
    if (!image) return;
    const task = async () => {
      const json = { imageId: image.imageId, originalName: image.originalName, ...altToSend(alt) };
      const { body, headers } = await adminExchange<SiteContent>(path, { method: 'PUT', json });
      onContent(body, headers.get('ETag'));
    };
    void action.run(ALT, 'Failed to save the text alternative', task, IMAGE);
  }

  function removeImage() {
    if (!window.confirm(`Delete the ${leader.title.toLowerCase()}'s image?`)) return;
    const task = async () => {
      const { body, headers } = await adminExchange<SiteContent>(path, { method: 'DELETE' });
      onContent(body, headers.get('ETag'));
    };
    void action.run(DELETE_IMAGE, 'Failed to delete image', task, IMAGE);
  }

  return (
    <li className="leader" aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`}>
        {leader.title} <span className="leader-name">{leader.name}</span>
      </h3>
      <Alert failure={action.alertFor(IMAGE)} onDismiss={action.dismiss} />
      <Alert failure={status?.failure ?? null} onDismiss={() => messages.dismiss(field)} />
      <div className="leader-body">
        <div className="leader-image">
          {image ? (
            <Thumbnail
              imageId={image.imageId}
              alt={image.alt ?? `${leader.title}, ${leader.name}`}
              className="thumb-portrait"
            />
          ) : (
            <p className="empty thumb-portrait">No image</p>
          )}
          <ImageInput
            key={inputKey}
            label={image ? 'Choose a new image' : 'Choose an image'}
            onFile={setFile}
            disabled={action.busy}
          />
          <AltTextField
            value={alt}
            onChange={setAlt}
            disabled={action.busy}
            fallback="the leader's name and title"
            warn={Boolean(image || file)}
          />
          <div className="form-actions">
            {image && !file && (
              <button type="button" onClick={saveAlt} disabled={action.busy}>
                {action.label(ALT, 'Save alt text', 'Saving…')}
              </button>
            )}
            <button type="button" onClick={upload} disabled={action.busy}>
              {action.label(IMAGE, image ? 'Replace image' : 'Upload image', 'Uploading…')}
            </button>
            {image && (
              <button type="button" className="danger" onClick={removeImage} disabled={action.busy}>
                {action.label(DELETE_IMAGE, 'Delete image', 'Deleting…')}
              </button>
            )}
          </div>
          <UploadProgress sent={action.progress} />
        </div>
        <TranslatableField
          id={`${id}-message`}
          label={`${leader.title} message`}
          field={field}
          value={text}
          onChange={type}
          translating={translating}
        >
          {(message) => {
            const saving = message.lang ? messages.statuses.translations : status;
            const stateId = message.lang ? `${message.id}-state` : `${id}-state`;
            return (
              <div className="field leader-message">
                <div className="field-head">
                  <label htmlFor={message.id} className="field-label">
                    {message.lang ? `Message (${languageOf(message.lang).englishName})` : 'Message'}
                  </label>
                  <span id={stateId} className={`save-state save-${saving?.state ?? 'idle'}`} role="status">
                    {saving ? SAVE_LABELS[saving.state] : ''}
                  </span>
                </div>
                <textarea
                  id={message.id}
                  rows={8}
                  value={message.value}
                  lang={message.lang}
                  dir={message.dir}
                  aria-label={message.label}
                  aria-describedby={stateId}
                  onFocus={() => setOpened(true)}
                  onChange={(event) => message.onChange(event.target.value)}
                />
                <EditingNow target={opened ? `leadership/${role}` : null} what="this message" />
              </div>
            );
          }}
        </TranslatableField>
      </div>
    </li>
  );
}
