import type { Message } from '@scrim-gym/shared';
import type { MessageWithSender } from './messages.repository.js';

export function presentMessage({ message, sender }: MessageWithSender, seenBy: string[] = []): Message {
  return {
    _id: message.id,
    text: message.text,
    _sender: { _id: sender.id, name: sender.name, rank: sender.rank },
    _receiver: message.receiverId,
    _conversation: message.conversationId,
    _seenBy: seenBy,
    createdAt: message.createdAt.toISOString(),
  };
}
