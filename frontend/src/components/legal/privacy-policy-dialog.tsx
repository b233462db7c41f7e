import { LegalDialog, type LegalDialogProps } from '@/components/legal/legal-dialog';
import { privacyPolicy } from '@/components/legal/legal-texts';
import { env } from '@/config/env';

/** The privacy policy in a modal. Used by the public footer and the signup wizard's consent step. */
export function PrivacyPolicyDialog({ open, onClose }: LegalDialogProps) {
  return <LegalDialog open={open} onClose={onClose} document={privacyPolicy(env.operator)} />;
}
