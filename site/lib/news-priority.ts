/** Spec §4: news priority low, medium, high is shown in green, yellow and red. */
import type { NewsPriority } from '../contract/content.ts';

export type PriorityColour = 'green' | 'yellow' | 'red';

const COLOURS: Record<NewsPriority, PriorityColour> = { low: 'green', medium: 'yellow', high: 'red' };

/** The colour of a priority's border and badge (the class `priority-<colour>` in the styles). */
export function priorityColour(priority: NewsPriority): PriorityColour {
  return COLOURS[priority];
}

/** The badge text. */
export function priorityLabel(priority: NewsPriority): string {
  return `${priority[0]!.toUpperCase()}${priority.slice(1)} priority`;
}
