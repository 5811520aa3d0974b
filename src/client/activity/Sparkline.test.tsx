import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { Sparkline, sparklineDayText } from './Sparkline';

const NOW = new Date('2026-11-29T12:00:00Z');
/** 30 days, 0 everywhere but 7 notes three days ago and 2 today. */
const DATA = [...new Array<number>(26).fill(0), 7, 0, 0, 2];

function show(data: number[] = DATA) {
  return render(
    <MemoryRouter>
      <Sparkline data={data} blog="ann" now={NOW} />
    </MemoryRouter>,
  );
}

describe('Sparkline', () => {
  it('draws a scale from 0 to the busiest day under the line', () => {
    show();
    const chart = screen.getByTestId('sparkline');
    expect(chart.textContent).toContain('7');
    expect(chart.textContent).toContain('0');
    expect(chart.querySelectorAll('line').length).toBeGreaterThanOrEqual(2);
  });

  it('names each day with its date and count, linking to the activity page', () => {
    show();
    const days = within(screen.getByRole('group', { name: 'Notes per day, last 30 days' })).getAllByRole('link');
    expect(days).toHaveLength(30);
    expect(days[29]!.getAttribute('aria-label')).toBe('Today: 2 notes. See all activity');
    expect(days[26]!.getAttribute('aria-label')).toBe('26 Nov: 7 notes. See all activity');
    expect(days[26]!.getAttribute('data-tooltip')).toBe('26 Nov: 7 notes');
    expect(days[0]!.getAttribute('href')).toBe('/blog/ann/activity');
    expect(sparklineDayText(1, 0, 30, NOW)).toBe('31 Oct: 1 note');
  });

  it('is one Tab stop; arrow keys, Home and End move between the days and mark the day on the line', () => {
    show();
    const days = within(screen.getByRole('group')).getAllByRole('link');
    expect(days.filter((day) => day.tabIndex === 0)).toEqual([days[29]]);
    act(() => days[29]!.focus());
    expect(screen.getByTestId('sparkline-day')).toBeTruthy();
    fireEvent.keyDown(days[29]!, { key: 'ArrowLeft' });
    expect(document.activeElement).toBe(days[28]);
    expect(days[28]!.tabIndex).toBe(0);
    expect(days[29]!.tabIndex).toBe(-1);
    fireEvent.keyDown(days[28]!, { key: 'Home' });
    expect(document.activeElement).toBe(days[0]);
    fireEvent.keyDown(days[0]!, { key: 'ArrowLeft' });
    expect(document.activeElement).toBe(days[0]);
    fireEvent.keyDown(days[0]!, { key: 'End' });
    expect(document.activeElement).toBe(days[29]);
    fireEvent.keyDown(days[29]!, { key: 'ArrowRight' });
    expect(document.activeElement).toBe(days[29]);
  });

  it('marks the day under the mouse, and nothing once the mouse leaves', () => {
    show();
    const group = screen.getByRole('group');
    const days = within(group).getAllByRole('link');
    expect(screen.queryByTestId('sparkline-day')).toBeNull();
    fireEvent.mouseEnter(days[26]!);
    const dot = screen.getByTestId('sparkline-day').querySelector('circle')!;
    // The busiest day sits on the scale's top line.
    expect(Number(dot.getAttribute('cy'))).toBeCloseTo(3);
    fireEvent.mouseLeave(group);
    expect(screen.queryByTestId('sparkline-day')).toBeNull();
  });

  it('draws nothing when no day has notes (spec 1 §5)', () => {
    show(new Array<number>(30).fill(0));
    expect(screen.queryByTestId('sparkline')).toBeNull();
  });
});
