import { formatDate } from '@/lib/dates';

/** How a member is named on screen: the first name they gave, else their username. */
export function displayName(member: { username: string; firstName: string | null }): string {
  const first = member.firstName?.trim();
  return first ? first : member.username;
}

/** A member's own invite page as a full URL, e.g. https://meguri.app/invite/0191b7e4-…. */
export function inviteLinkFor(origin: string, invitePath: string): string {
  return `${origin.replace(/\/+$/, '')}${invitePath}`;
}

/** An RFC 3339 moment from the API as the local date (2026年11月22日); '' when it is not one. */
export function formatMoment(stamp: string | null | undefined): string {
  if (!stamp) return '';
  const at = new Date(stamp);
  return Number.isNaN(at.getTime()) ? '' : formatDate(at, 'date');
}
