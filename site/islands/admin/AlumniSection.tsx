import { type ReactNode, useEffect, useRef, useState } from 'react';
import { ADMIN_PAGE_SIZE, type AlumniPage } from '../../contract/admin-lists.ts';
import type { Alumni } from '../../contract/alumni.ts';
import { dateInZone } from '../../contract/dates.ts';
import { adminRequest } from '../../lib/admin-api.ts';
import { countLabel, formatDate } from '../../lib/display-format.ts';
import { Alert } from './Alert.tsx';
import { ConsentNote } from './ConsentNote.tsx';
import { Details } from './Details.tsx';
import { DownloadButton } from './DownloadButton.tsx';
import { ListSearch, ListStatus, ShowMore } from './list-window.tsx';
import { Panel } from './Panel.tsx';
import { useSchoolTimeZone } from './time-zone.ts';
import { useAction } from './use-action.ts';
import { usePagedList } from './use-server-list.ts';

/** The alumni as loaded with the dashboard: their first page (with how many await approval), or the load failed. */
export type AlumniList = { ok: true; first: AlumniPage } | { ok: false };

const NOUN = 'alumni registrations';

/** GET /api/admin/alumni/page: page `page` of the registrations, newest first, of those whose name or e-mail holds `q`. */
export function readAlumniPage(page: number, q = ''): Promise<AlumniPage> {
  const params = new URLSearchParams({ page: String(page), pageSize: String(ADMIN_PAGE_SIZE) });
  if (q) params.set('q', q);
  return adminRequest<AlumniPage>(`/api/admin/alumni/page?${params}`);
}

/**
 * Alumni registrations: PENDING / APPROVED, Approve, Unapprove, delete. Read a page at a time;
 * `onChanged` is told of each change, so the counts (here and in the navigation) are read again.
 */
export function AlumniSection({
  list,
  onChanged,
  onRetry,
}: {
  list: AlumniList;
  onChanged: () => void;
  onRetry: () => void;
}) {
  if (!list.ok) {
    return (
      <Panel id="alumni" title="Alumni">
        <div className="alert" role="alert">
          <p>
            <strong>Failed to load alumni data</strong>
          </p>
          <button type="button" className="secondary" onClick={onRetry}>
            Retry
          </button>
        </div>
      </Panel>
    );
  }
  const { total, pending } = list.first;
  return (
    <Panel
      id="alumni"
      title="Alumni"
      summary={`${countLabel(total, 'registration')}, ${pending} awaiting approval. Newest first.`}
    >
      <div className="panel-tools">
        <DownloadButton path="/api/admin/alumni.csv" fileName="alumni.csv" label="Download alumni (CSV)" />
      </div>
      <AlumniList first={list.first} onChanged={onChanged} />
    </Panel>
  );
}

function AlumniList({ first, onChanged }: { first: AlumniPage; onChanged: () => void }) {
  const action = useAction();
  const [revision, setRevision] = useState(0);
  const list = usePagedList<Alumni>(readAlumniPage, NOUN, revision, first);
  // Read again by the dashboard (a person's data was erased, a registration changed): so are the pages shown.
  const loaded = useRef(first);
  useEffect(() => {
    if (first === loaded.current) return;
    loaded.current = first;
    setRevision((count) => count + 1);
  }, [first]);

  function setApproved(alumnus: Alumni, isApproved: boolean) {
    void action.run(alumnus._id, 'Failed to update alumni approval', async () => {
      const updated = await adminRequest<Alumni>(`/api/alumni/${alumnus._id}/approve`, {
        method: 'PUT',
        json: { isApproved },
      });
      list.replace(updated);
      onChanged();
    });
  }

  function remove(alumnus: Alumni) {
    if (!window.confirm(`Delete the registration of ${alumnus.fullName}? This cannot be undone.`)) return;
    const key = `${alumnus._id}:delete`;
    void action.run(
      key,
      'Failed to delete alumni',
      async () => {
        await adminRequest<Alumni[]>(`/api/alumni/${alumnus._id}`, { method: 'DELETE' });
        setRevision((count) => count + 1);
        onChanged();
      },
      alumnus._id,
    );
  }

  if (list.items !== null && list.total === 0) return <p className="empty">No alumni have registered yet.</p>;
  return (
    <>
      <ListStatus list={list} noun={NOUN} />
      {list.items && (
        <>
          <ListSearch list={list} total={list.total} />
          <ul className="item-list" aria-label="Alumni registrations">
            {list.items.map((alumnus) => (
              <li key={alumnus._id} className="item alumnus" aria-label={alumnus.fullName}>
                <Alert failure={action.alertFor(alumnus._id)} onDismiss={action.dismiss} />
                <div className="alumnus-head">
                  <h3 className="item-title">{alumnus.fullName}</h3>
                  <span className={`badge ${alumnus.isApproved ? 'badge-approved' : 'badge-pending'}`}>
                    {alumnus.isApproved ? 'APPROVED' : 'PENDING'}
                  </span>
                </div>
                <AlumnusDetails alumnus={alumnus} />
                <ConsentNote consent={alumnus.consent} of="registration" />
                <div className="item-actions">
                  <button
                    type="button"
                    className={alumnus.isApproved ? 'secondary' : undefined}
                    onClick={() => setApproved(alumnus, !alumnus.isApproved)}
                    disabled={action.busy}
                  >
                    {action.label(alumnus._id, alumnus.isApproved ? 'Unapprove' : 'Approve', 'Saving…')}
                  </button>
                  <button type="button" className="danger" onClick={() => remove(alumnus)} disabled={action.busy}>
                    {action.label(`${alumnus._id}:delete`, 'Delete', 'Deleting…')}
                  </button>
                </div>
              </li>
            ))}
          </ul>
          <ShowMore list={list} noun="registrations" />
        </>
      )}
    </>
  );
}

function AlumnusDetails({ alumnus }: { alumnus: Alumni }) {
  const timeZone = useSchoolTimeZone();
  const rows: [string, ReactNode][] = [
    ['Registered', formatDate(dateInZone(new Date(alumnus.registrationDate), timeZone))],
    ['Gender', alumnus.gender === 'male' ? 'Male' : 'Female'],
    ['Period of study', alumnus.periodOfStudy],
    ['Qualification', alumnus.qualification],
    ['Occupation', alumnus.occupation],
    [
      'Mobile',
      <a key="mobile" href={`tel:${alumnus.mobile.replace(/[^+\d]/g, '')}`}>
        {alumnus.mobile}
      </a>,
    ],
    [
      'Email',
      <a key="email" href={`mailto:${alumnus.email}`}>
        {alumnus.email}
      </a>,
    ],
    ['Address', alumnus.address],
    ['Company', [alumnus.companyName, alumnus.companyAddress].filter(Boolean).join(', ')],
    ['Message', alumnus.message],
  ];
  return <Details rows={rows} />;
}
