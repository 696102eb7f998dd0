import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { applyLiveChange } from './live-cache';

describe('applyLiveChange', () => {
  it('a read in flight when an event lands is read again, so its older answer does not overwrite the event', async () => {
    const queryClient = new QueryClient();
    const key = ['friend-status', 'other'];
    // The first read is answered as the server was before the change ('none'), the next one after it.
    const answers: Array<(value: string) => void> = [];
    const observer = new QueryObserver(queryClient, {
      queryKey: key,
      queryFn: () => new Promise<string>((resolve) => answers.push(resolve)),
    });
    const unsubscribe = observer.subscribe(() => {});
    await Promise.resolve();
    expect(answers).toHaveLength(1);

    // The change happens and its event arrives while the first read is still on its way.
    applyLiveChange(queryClient, { queryKey: key, exact: true }, () => queryClient.setQueryData(key, 'received'));
    answers[0]!('none');
    await new Promise((r) => setTimeout(r, 0));
    expect(answers).toHaveLength(2);
    answers[1]!('received');
    await new Promise((r) => setTimeout(r, 0));
    expect(queryClient.getQueryData(key)).toBe('received');
    unsubscribe();
  });

  it('leaves settled reads alone: no read for a change to a query at rest', async () => {
    const queryClient = new QueryClient();
    const key = ['scrims', 'detail', 's1'];
    let reads = 0;
    await queryClient.fetchQuery({ queryKey: key, queryFn: async () => (reads++, 'old') });
    applyLiveChange(queryClient, { queryKey: key }, () => queryClient.setQueryData(key, 'new'));
    await new Promise((r) => setTimeout(r, 0));
    expect(queryClient.getQueryData(key)).toBe('new');
    expect(reads).toBe(1);
  });
});
