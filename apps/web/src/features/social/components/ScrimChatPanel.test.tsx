import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SOCKET_EVENTS } from '@scrim-gym/shared';
import { lastWrite, renderAt, stubApi, testUser } from '../../../test/render';
import { SCRIM_CHAT_DOCKED_STORAGE_KEY } from '../lib/scrim-page-chat';
import { getSocialUi, resetSocialUi } from '../store';
import { conversation, message, socialUser } from '../test/social-factory';
import { ScrimChatButton } from './ScrimChatButton';
import { ScrimChatPanel } from './ScrimChatPanel';
import { withFakeSocket } from '../../../test/socket';

/** A socket that records what the page emits and lets the test play server events. */
const fake = (() => {
  const listeners = new Map<string, Set<(payload: unknown) => void>>();
  const emitted: Array<[string, unknown]> = [];
  return {
    listeners,
    emitted,
    conversationId: '',
    socket: {
      connected: true,
      on: (event: string, fn: (payload: unknown) => void) => {
        if (!listeners.has(event)) listeners.set(event, new Set());
        listeners.get(event)!.add(fn);
      },
      off: (event: string, fn: (payload: unknown) => void) => listeners.get(event)?.delete(fn),
      disconnect: () => {},
      emit: (event: string, payload: unknown) => emitted.push([event, payload]),
      timeout: () => ({
        emitWithAck: async (event: string, payload: unknown) => {
          emitted.push([event, payload]);
          return { ok: true, data: { _id: fake.conversationId } };
        },
      }),
    },
  };
})();
withFakeSocket(fake.socket);
// The panel and sheet come with the dialogs' lazy chunk.
vi.setConfig({ testTimeout: 15_000 });

const ME = testUser();
const MY_SOCIAL = socialUser(0, { _id: ME._id, name: ME.name });
const ALICE = socialUser(1, { name: 'Alice' });
const ROOM = conversation(1, MY_SOCIAL, ALICE, { kind: 'scrim' });
const SCRIM_ID = 'scrim-1';
const TITLE = 'Friday customs';
const CHAT_TITLE = 'Friday customs | Chat';

/** The window is `width` px wide for useMinWidth. */
function viewport(width: number) {
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: width >= Number(/min-width:(\d+)px/.exec(query)?.[1] ?? 0),
    addEventListener: () => {},
    removeEventListener: () => {},
  }));
}

/** The scrim page's two chat pieces: the card's button and the panel beside the lobby. */
function renderScrimPageChat() {
  const calls = stubApi({
    'GET /auth/session': { token: 't', user: ME, identity: null },
    'GET /messages/verifiedUser/unseen-messages': { total: 0, conversations: [], scrimChats: [] },
    [`GET /messages/${ROOM._id}`]: [message(1, ALICE, ROOM._id, { text: 'who is on mid?' })],
    [`POST /messages/post-seen/${ROOM._id}`]: { ok: true },
    'POST /messages': message(2, MY_SOCIAL, ROOM._id, { text: 'glhf' }),
  });
  const view = renderAt(
    `/scrims/${SCRIM_ID}`,
    '/scrims/:id',
    <>
      <ScrimChatButton scrimId={SCRIM_ID} title={TITLE} onScrimPage />
      <ScrimChatPanel scrimId={SCRIM_ID} title={TITLE} />
    </>,
  );
  return { calls, view };
}

const chatButton = () => screen.findByRole('button', { name: 'Scrim chat' });
const emittedEvents = () => fake.emitted.map(([event, payload]) => [event, payload]);

beforeEach(() => {
  localStorage.clear();
  fake.emitted.length = 0;
  fake.conversationId = ROOM._id;
});
afterEach(() => {
  vi.unstubAllGlobals();
  fake.listeners.clear();
  resetSocialUi();
});

describe('the scrim page chat, docked from 1024 px', () => {
  it('opens beside the lobby as a region named after the scrim, with the focus in its box, and sends on Enter', async () => {
    viewport(1280);
    const { calls } = renderScrimPageChat();
    const button = await chatButton();
    expect(button).toHaveAttribute('aria-expanded', 'false');
    await userEvent.click(button);

    const panel = await screen.findByRole('region', { name: CHAT_TITLE });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(button).toHaveAttribute('aria-expanded', 'true');
    expect(button).toHaveAttribute('aria-controls', panel.id);
    expect(emittedEvents()).toEqual([[SOCKET_EVENTS.scrimChatOpen, { scrimId: SCRIM_ID }]]);
    const box = within(panel).getByRole('textbox', { name: 'Message' });
    await waitFor(() => expect(box).toHaveFocus());
    expect(box).toHaveAttribute('placeholder', 'new message');
    expect(await within(panel).findByText('who is on mid?')).toBeInTheDocument();

    act(() =>
      fake.listeners
        .get(SOCKET_EVENTS.getScrimusers)
        ?.forEach((listener) => listener({ scrimId: SCRIM_ID, userIds: [ME._id, ALICE._id] })),
    );
    expect(within(panel).getByText('2 in this chat')).toBeInTheDocument();

    await userEvent.type(box, 'glhf{Enter}');
    await waitFor(() =>
      expect(lastWrite(calls)).toMatchObject({
        method: 'POST',
        path: '/messages',
        body: { conversationId: ROOM._id, text: 'glhf' },
      }),
    );
  });

  it('closes with its Close button: leaves the room, gives the focus back to the button and forgets it was open', async () => {
    viewport(1280);
    renderScrimPageChat();
    const button = await chatButton();
    await userEvent.click(button);
    const panel = await screen.findByRole('region', { name: CHAT_TITLE });
    expect(localStorage.getItem(SCRIM_CHAT_DOCKED_STORAGE_KEY)).toBe('open');

    await userEvent.click(within(panel).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('region', { name: CHAT_TITLE })).not.toBeInTheDocument();
    expect(button).toHaveAttribute('aria-expanded', 'false');
    expect(button).toHaveFocus();
    await waitFor(() => expect(emittedEvents().at(-1)).toEqual([SOCKET_EVENTS.scrimChatClose, { scrimId: SCRIM_ID }]));
    expect(localStorage.getItem(SCRIM_CHAT_DOCKED_STORAGE_KEY)).toBeNull();
    expect(getSocialUi().chat).toBeNull();
  });

  it('the same button closes it again', async () => {
    viewport(1280);
    renderScrimPageChat();
    const button = await chatButton();
    await userEvent.click(button);
    await screen.findByRole('region', { name: CHAT_TITLE });
    await userEvent.click(button);
    expect(screen.queryByRole('region', { name: CHAT_TITLE })).not.toBeInTheDocument();
    await waitFor(() => expect(emittedEvents().at(-1)).toEqual([SOCKET_EVENTS.scrimChatClose, { scrimId: SCRIM_ID }]));
  });

  it('opens by itself on a scrim page when this browser left it open', async () => {
    viewport(1280);
    localStorage.setItem(SCRIM_CHAT_DOCKED_STORAGE_KEY, 'open');
    renderScrimPageChat();
    expect(await screen.findByRole('region', { name: CHAT_TITLE })).toBeInTheDocument();
    expect(emittedEvents()[0]).toEqual([SOCKET_EVENTS.scrimChatOpen, { scrimId: SCRIM_ID }]);
  });

  it('leaving the page closes it and leaves the room, and keeps it remembered open', async () => {
    viewport(1280);
    const { view } = renderScrimPageChat();
    await userEvent.click(await chatButton());
    await screen.findByRole('region', { name: CHAT_TITLE });
    view.unmount();
    expect(getSocialUi().chat).toBeNull();
    await waitFor(() => expect(emittedEvents().at(-1)).toEqual([SOCKET_EVENTS.scrimChatClose, { scrimId: SCRIM_ID }]));
    expect(localStorage.getItem(SCRIM_CHAT_DOCKED_STORAGE_KEY)).toBe('open');
  });
});

describe('the scrim page chat below 1024 px', () => {
  it('is a bottom sheet (a modal dialog) with the focus in its box, which Escape closes', async () => {
    viewport(390);
    renderScrimPageChat();
    await userEvent.click(await chatButton());
    const sheet = await screen.findByRole('dialog', { name: CHAT_TITLE });
    expect(screen.queryByRole('region', { name: CHAT_TITLE })).not.toBeInTheDocument();
    await waitFor(() => expect(within(sheet).getByRole('textbox', { name: 'Message' })).toHaveFocus());
    expect(emittedEvents()).toEqual([[SOCKET_EVENTS.scrimChatOpen, { scrimId: SCRIM_ID }]]);

    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog', { name: CHAT_TITLE })).not.toBeInTheDocument());
    await waitFor(() => expect(emittedEvents().at(-1)).toEqual([SOCKET_EVENTS.scrimChatClose, { scrimId: SCRIM_ID }]));
    // The sheet is not the docked panel: nothing is remembered for the next page.
    expect(localStorage.getItem(SCRIM_CHAT_DOCKED_STORAGE_KEY)).toBeNull();
  });

  it('never opens by itself, even when the docked panel was left open', async () => {
    viewport(390);
    localStorage.setItem(SCRIM_CHAT_DOCKED_STORAGE_KEY, 'open');
    renderScrimPageChat();
    await chatButton();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(getSocialUi().chat).toBeNull();
    expect(fake.emitted).toEqual([]);
  });
});

describe('the chat button on a hub card', () => {
  it("opens the '{title} | Chat' dialog, not the page's panel", async () => {
    viewport(1280);
    stubApi({
      'GET /auth/session': { token: 't', user: ME, identity: null },
      'GET /messages/verifiedUser/unseen-messages': {
        total: 3,
        conversations: [],
        scrimChats: [{ scrimId: SCRIM_ID, conversationId: ROOM._id, count: 3 }],
      },
    });
    renderAt('/scrims', '/scrims', <ScrimChatButton scrimId={SCRIM_ID} title={TITLE} />);
    const button = await screen.findByRole('button', { name: 'Scrim chat, 3 unread' });
    expect(button).toHaveAttribute('aria-haspopup', 'dialog');
    expect(button).not.toHaveAttribute('aria-expanded');
    await userEvent.click(button);
    expect(getSocialUi().chat).toEqual({ kind: 'scrim', scrimId: SCRIM_ID, title: TITLE, onScrimPage: false });
  });
});
