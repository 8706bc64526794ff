import { downloadFile } from '../../lib/admin-api.ts';
import { Alert } from './Alert.tsx';
import { useAction } from './use-action.ts';

/** A button that downloads an export (CSV) with the administrator's token. */
export function DownloadButton({ path, fileName, label }: { path: string; fileName: string; label: string }) {
  const action = useAction();
  return (
    <div className="download">
      <button
        type="button"
        className="secondary"
        disabled={action.busy}
        onClick={() => void action.run(path, 'Failed to download the file', () => downloadFile(path, fileName))}
      >
        {action.label(path, label, 'Preparing…')}
      </button>
      <Alert failure={action.alertFor(path)} onDismiss={action.dismiss} />
    </div>
  );
}
