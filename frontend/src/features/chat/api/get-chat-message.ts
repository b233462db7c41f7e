import { apiPaths } from '@/config/paths';
import type { ChatMessage } from '@/features/chat/api/types';
import { api } from '@/lib/api-client';

/** GET /api/chat/messages/{id}: one of the caller's messages as it stands; else 404 MESSAGE_NOT_FOUND. */
export function getChatMessage(id: string): Promise<ChatMessage> {
  return api.get<'/api/chat/messages/{id}'>(apiPaths.chat.message(id));
}
