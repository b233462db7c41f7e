import type { CompatibilityTarget } from '@/features/chat/api/types';

/** The chat message a compatibility question is sent as: the person's name when given, else "お相手". */
export function compatibilityQuestion(target: Pick<CompatibilityTarget, 'label'>): string {
  const name = target.label?.trim();
  return name ? `${name}との相性を占ってください` : 'お相手との相性を占ってください';
}
