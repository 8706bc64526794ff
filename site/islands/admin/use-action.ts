import { useRef, useState } from 'react';
import { type Failure, failureOf } from './Alert.tsx';

export type Progress = (sent: number) => void;

/**
 * Runs a section's calls one at a time. Each call has a key (the form, or the item it concerns):
 * `running` names the one in flight so its button can say so, every button of the section is
 * disabled meanwhile, `progress` follows an upload, and a failure becomes an alert with the spec's
 * text, shown at the place of the controls concerned (`alertFor`).
 */
export function useAction() {
  const [running, setRunning] = useState<string | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [alert, setAlert] = useState<{ place: string; failure: Failure } | null>(null);
  const inFlight = useRef(false);

  /**
   * Resolves true when the task succeeded; a call while another runs is ignored. A failure is
   * shown at `place` (the key, unless several calls share one place).
   */
  async function run(key: string, failureTitle: string, task: (progress: Progress) => Promise<void>, place = key) {
    if (inFlight.current) return false;
    inFlight.current = true;
    setRunning(key);
    setAlert(null);
    try {
      await task(setProgress);
      return true;
    } catch (error) {
      setAlert({ place, failure: failureOf(failureTitle, error) });
      return false;
    } finally {
      inFlight.current = false;
      setRunning(null);
      setProgress(null);
    }
  }

  return {
    running,
    busy: running !== null,
    /** The upload progress of the running call (0…1), or null. */
    progress,
    run,
    /** Shows a validation alert at `place`, with `detail` when the title alone does not say it; no call is made. */
    refuse: (place: string, title: string, detail?: string) => setAlert({ place, failure: { title, detail } }),
    alertFor: (place: string) => (alert?.place === place ? alert.failure : null),
    dismiss: () => setAlert(null),
    /** The button text for `key`: `busyText` while its call runs. */
    label: (key: string, idleText: string, busyText: string) => (running === key ? busyText : idleText),
  };
}

export type Action = ReturnType<typeof useAction>;
