import type { ReactNode } from 'react';
import type { Alumni } from '../../contract/alumni.ts';
import { dateInZone } from '../../contract/dates.ts';
import { adminRequest } from '../../lib/admin-api.ts';
import { countLabel, formatDate } from '../../lib/display-format.ts';
import { Alert } from './Alert.tsx';
import { ConsentNote } from './ConsentNote.tsx';
import { DownloadButton } from './DownloadButton.tsx';
import { ListSearch, ShowMore, useListWindow } from './list-window.tsx';
import { Panel } from './Panel.tsx';
import { useSchoolTimeZone } from './time-zone.ts';
import { useAction } from './use-action.ts';

/** The alumni list as loaded: the records, or the load failed. */
export type AlumniList = { ok: true; alumni: Alumni[] } | { ok: false };

/** Alumni registrations: PENDING / APPROVED, Approve, Unapprove, delete. */
export function AlumniSection({
  list,
  onAlumni,
  onRetry,
}: {
  list: AlumniList;
  onAlumni: (alumni: Alumni[]) => void;
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
  const pending = list.alumni.filter((alumnus) => !alumnus.isApproved).length;
  return (
    <Panel
      id="alumni"
      title="Alumni"
      summary={`${countLabel(list.alumni.length, 'registration')}, ${pending} awaiting approval. Newest first.`}
    >
      <div className="panel-tools">
        <DownloadButton path="/api/admin/alumni.csv" fileName="alumni.csv" label="Download alumni (CSV)" />
      </div>
      <AlumniList alumni={list.alumni} onAlumni={onAlumni} />
    </Panel>
  );
}

function AlumniList({ alumni, onAlumni }: { alumni: Alumni[]; onAlumni: (alumni: Alumni[]) => void }) {
  const action = useAction();
  const list = useListWindow(alumni, (alumnus) => alumnus.fullName);
  if (alumni.length === 0) return <p className="empty">No alumni have registered yet.</p>;

  function setApproved(alumnus: Alumni, isApproved: boolean) {
    void action.run(alumnus._id, 'Failed to update alumni approval', async () => {
      const updated = await adminRequest<Alumni>(`/api/alumni/${alumnus._id}/approve`, {
        method: 'PUT',
        json: { isApproved },
      });
      onAlumni(alumni.map((other) => (other._id === updated._id ? updated : other)));
    });
  }

  function remove(alumnus: Alumni) {
    if (!window.confirm(`Delete the registration of ${alumnus.fullName}? This cannot be undone.`)) return;
    const key = `${alumnus._id}:delete`;
    void action.run(
      key,
      'Failed to delete alumni',
      async () => {
        onAlumni(await adminRequest<Alumni[]>(`/api/alumni/${alumnus._id}`, { method: 'DELETE' }));
      },
      alumnus._id,
    );
  }

  return (
    <>
      <ListSearch list={list} total={alumni.length} />
      <ul className="item-list" aria-label="Alumni registrations">
        {list.visible.map((alumnus) => (
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
  return (
    <dl className="details">
      {rows
        .filter(([, value]) => value !== '')
        .map(([term, value]) => (
          <div key={term}>
            <dt>{term}</dt>
            <dd>{value}</dd>
          </div>
        ))}
    </dl>
  );
}
