import { MISSING_ALT_MESSAGE } from '../../../lib/accessibility/messages.ts';
import { FindingList } from './FindingList.tsx';
import './accessibility.css';

/**
 * Under an image's text alternative: the checker's warning while the image has none and is not
 * marked decorative (the report lists it too). A warning, never a refusal.
 */
export function AltWarning({ missing }: { missing: boolean }) {
  return (
    <div className="a11y-warnings" role="status">
      {missing && <FindingList findings={[{ kind: 'image-alt', target: '', message: MISSING_ALT_MESSAGE }]} />}
    </div>
  );
}
