import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LobbyPreview } from './LobbyPreview';
import { PREVIEW_START_SECONDS, formatClock, previewSecondsLeft } from './lobby-preview-clock';

afterEach(() => vi.useRealTimers());

describe("the landing's lobby preview clock", () => {
  it('counts down one second at a time, for real', () => {
    vi.useFakeTimers();
    render(<LobbyPreview />);
    const clock = screen.getByTestId('lobby-preview-clock');
    expect(clock).toHaveTextContent('00:42:10');
    act(() => vi.advanceTimersByTime(1000));
    expect(clock).toHaveTextContent('00:42:09');
    act(() => vi.advanceTimersByTime(61_000));
    expect(clock).toHaveTextContent('00:41:08');
  });

  it('starts over after reaching zero, and formats hours', () => {
    expect(previewSecondsLeft(0)).toBe(PREVIEW_START_SECONDS);
    expect(previewSecondsLeft((PREVIEW_START_SECONDS - 1) * 1000)).toBe(1);
    expect(previewSecondsLeft(PREVIEW_START_SECONDS * 1000)).toBe(PREVIEW_START_SECONDS);
    expect(formatClock(3 * 3600 + 5 * 60 + 9)).toBe('03:05:09');
  });
});
