import { describe, expect, it } from 'vitest';
import { priorityColour, priorityLabel } from './news-priority.ts';

describe('news priority', () => {
  it('shows low in green, medium in yellow and high in red', () => {
    expect(priorityColour('low')).toBe('green');
    expect(priorityColour('medium')).toBe('yellow');
    expect(priorityColour('high')).toBe('red');
  });

  it('labels the badge with the priority', () => {
    expect(priorityLabel('high')).toBe('High priority');
    expect(priorityLabel('low')).toBe('Low priority');
  });
});
