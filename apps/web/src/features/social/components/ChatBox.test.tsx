import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ChatBox } from './ChatBox';

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
});
