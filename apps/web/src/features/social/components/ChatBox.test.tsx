import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { Message } from '@scrim-gym/shared';
import { ChatBox } from './ChatBox';
import { MessageList } from './MessageList';

const box = () => screen.getByRole('textbox', { name: 'Message' });

describe('chat message box', () => {
  it("is a multi-line box with the placeholder 'new message'", () => {
    render(<ChatBox onSend={vi.fn()} />);
    expect(box()).toHaveAttribute('placeholder', 'new message');
    expect(box().tagName).toBe('TEXTAREA');
  });

  it('sends on Enter and clears the box', async () => {
    const onSend = vi.fn();
    render(<ChatBox onSend={onSend} />);
    await userEvent.type(box(), 'gl hf{Enter}');
    expect(onSend).toHaveBeenCalledWith('gl hf');
    expect(box()).toHaveValue('');
  });

  it('adds a newline on Shift+Enter instead of sending', async () => {
    const onSend = vi.fn();
    render(<ChatBox onSend={onSend} />);
    await userEvent.type(box(), 'line one{Shift>}{Enter}{/Shift}line two');
    expect(onSend).not.toHaveBeenCalled();
    expect(box()).toHaveValue('line one\nline two');
    await userEvent.type(box(), '{Enter}');
    expect(onSend).toHaveBeenCalledWith('line one\nline two');
  });

  it('ignores Enter on an empty or blank box', async () => {
    const onSend = vi.fn();
    render(<ChatBox onSend={onSend} />);
    await userEvent.type(box(), '{Enter}   {Enter}');
    expect(onSend).not.toHaveBeenCalled();
  });

  it('tells the send button’s empty click to onEmpty, and puts the text back when the send fails', async () => {
    const onEmpty = vi.fn();
    const onSend = vi.fn().mockRejectedValue(new Error('nope'));
    render(<ChatBox onSend={onSend} onEmpty={onEmpty} />);
    await userEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect(onEmpty).toHaveBeenCalledTimes(1);
    await userEvent.type(box(), 'hello');
    await userEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect(onSend).toHaveBeenCalledWith('hello');
    expect(await screen.findByDisplayValue('hello')).toBe(box());
  });

  it('counts the characters once the 2,000 limit nears, and takes no more than the limit', async () => {
    render(<ChatBox onSend={vi.fn()} />);
    await userEvent.click(box());
    await userEvent.paste('x'.repeat(1799));
    expect(screen.queryByRole('status')).toBeNull();
    await userEvent.paste('y');
    expect(screen.getByRole('status', { name: '1800 of 2000 characters' })).toHaveTextContent('1,800 / 2,000');
    await userEvent.paste('z'.repeat(300));
    expect(box()).toHaveValue('x'.repeat(1799) + 'y' + 'z'.repeat(200));
    expect(screen.getByRole('status')).toHaveTextContent('2,000 / 2,000');
  });
});

describe('a chat’s messages', () => {
  const message = (text: string): Message => ({
    _id: 'm1',
    text,
    _sender: { _id: 'u2', name: 'Faker', rank: 'Challenger' },
    _receiver: null,
    _conversation: 'c1',
    _seenBy: [],
    createdAt: new Date().toISOString(),
  });

  it('shows web addresses as links to a new tab, and markup as text', () => {
    render(
      <MessageList
        messages={[message('vod https://youtu.be/abc <b>bold</b> javascript:alert(1)')]}
        viewerId="u1"
        label="Scrim chat"
        loading={false}
      />,
    );
    const link = screen.getByRole('link', { name: 'https://youtu.be/abc' });
    expect(link).toHaveAttribute('href', 'https://youtu.be/abc');
    expect(link).toHaveAttribute('target', '_blank');
    expect(link).toHaveAttribute('rel', 'noopener noreferrer');
    expect(screen.getAllByRole('link')).toHaveLength(1);
    expect(screen.getByText(/<b>bold<\/b> javascript:alert\(1\)/)).toBeInTheDocument();
  });

  it('is 300 px tall, or takes the height its window leaves it (the scrim page panel and sheet)', () => {
    const { rerender } = render(<MessageList messages={[]} viewerId="u1" label="Scrim chat" loading={false} />);
    expect(screen.getByRole('log', { name: 'Scrim chat' })).toHaveStyle({ height: '300px' });
    rerender(<MessageList messages={[]} viewerId="u1" label="Scrim chat" loading={false} fill />);
    const list = screen.getByRole('log', { name: 'Scrim chat' });
    expect(list).not.toHaveStyle({ height: '300px' });
    expect(list).toHaveStyle({ flexGrow: '1', minHeight: '0px' });
  });
});
