import { type FormEvent, useState } from 'react';
import type { ImageRef, Logo } from '../../contract/content.ts';
import { TRANSLATED_FIELDS } from '../../contract/translation-report.ts';
import { adminRequest, uploadImage } from '../../lib/admin-api.ts';
import { Alert } from './Alert.tsx';
import { altToSend, TranslatedAlt } from './AltTextField.tsx';
import { ImageInput, Thumbnail, UploadProgress } from './images.tsx';
import { LibraryChoice } from './LibraryPicker.tsx';
import { Panel } from './Panel.tsx';
import { translatingOf } from './translations/TranslatableField.tsx';
import { TranslationBadges } from './translations/TranslationBadges.tsx';
import { deleteWithUndo } from './undo.ts';
import { useAction } from './use-action.ts';

const UPLOAD = 'upload';

/**
 * Logos: upload (or choose a stored image from the library), list, delete. Each call answers the
 * logo list, which replaces the one shown.
 */
export function LogosSection({ logos, onLogos }: { logos: Logo[]; onLogos: (logos: Logo[]) => void }) {
  const action = useAction();
  const [file, setFile] = useState<File | null>(null);
  const [inputKey, setInputKey] = useState(0);
  const [alt, setAlt] = useState<string | undefined>(undefined);
  const [picked, setPicked] = useState<ImageRef | undefined>(undefined);
  const [translations, setTranslations] = useState<Logo['translations']>(undefined);

  async function upload(event: FormEvent) {
    event.preventDefault();
    if (!file && !picked) return action.refuse(UPLOAD, 'Please choose a logo image to upload');
    const done = await action.run(UPLOAD, 'Failed to upload logo', async (progress) => {
      // A file chosen to upload wins over one chosen from the library.
      const { imageId, originalName } = file ? await uploadImage(file, progress) : picked!;
      onLogos(
        await adminRequest<Logo[]>('/api/logos', {
          method: 'POST',
          json: { imageId, originalName, ...altToSend(alt), translations },
        }),
      );
    });
    if (done) {
      setFile(null);
      setPicked(undefined);
      setAlt(undefined);
      setTranslations(undefined);
      setInputKey((key) => key + 1);
    }
  }

  function remove(logo: Logo) {
    if (!window.confirm(`Delete the logo "${logo.originalName}"?`)) return;
    void action.run(logo._id, 'Failed to delete logo', async () => {
      onLogos(await deleteWithUndo<Logo[]>(`/api/logos/${logo._id}`, 'Logo deleted'));
    });
  }

  return (
    <Panel id="logos" title="Logos" summary="Shown in the top bar of every page.">
      <form className="add-form" onSubmit={upload} noValidate>
        <Alert failure={action.alertFor(UPLOAD)} onDismiss={action.dismiss} />
        <ImageInput key={inputKey} label="Logo image" onFile={setFile} required={!picked} disabled={action.busy} />
        <LibraryChoice kind="image" picked={picked} disabled={action.busy} onPick={setPicked} />
        <TranslatedAlt
          id="logo-alt"
          alt={alt}
          onAlt={setAlt}
          translating={translatingOf({ translations }, (next) => setTranslations(next.translations), undefined)}
          disabled={action.busy}
          fallback="nothing (the school's name beside it says it)"
          warn={file !== null || picked !== undefined}
        />
        <div className="form-actions">
          <button type="submit" disabled={action.busy}>
            {action.label(UPLOAD, 'Upload logo', 'Uploading…')}
          </button>
        </div>
        <UploadProgress sent={action.progress} />
      </form>
      {logos.length === 0 ? (
        <p className="empty">No logos yet.</p>
      ) : (
        <ul className="tile-list" aria-label="Logos">
          {logos.map((logo) => (
            <li key={logo._id} className="tile">
              <Thumbnail imageId={logo.imageId} alt={logo.originalName} className="thumb-contain" />
              <p className="tile-caption">{logo.originalName}</p>
              <TranslationBadges item={logo} fields={TRANSLATED_FIELDS.logos} />
              <Alert failure={action.alertFor(logo._id)} onDismiss={action.dismiss} />
              <button
                type="button"
                className="danger"
                onClick={() => remove(logo)}
                disabled={action.busy}
                aria-label={`Delete logo ${logo.originalName}`}
              >
                {action.label(logo._id, 'Delete', 'Deleting…')}
              </button>
            </li>
          ))}
        </ul>
      )}
    </Panel>
  );
}
