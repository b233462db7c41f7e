/**
 * The Japanese words the shop screens use for a purchase's status and a ledger entry's reason. They live in
 * lib/credit-labels.ts, which the staff's user page shares; the shop takes them from here.
 */
export { ledgerReasonLabel, purchaseStatusLabel } from '@/lib/credit-labels';
