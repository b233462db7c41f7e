import { LegalDialog, type LegalDialogProps } from '@/components/legal/legal-dialog';
import { termsOfService } from '@/components/legal/legal-texts';
import { env } from '@/config/env';

/** The terms of service in a modal. Used by the public footer and the signup wizard's consent step. */
export function TermsDialog({ open, onClose }: LegalDialogProps) {
  return <LegalDialog open={open} onClose={onClose} document={termsOfService(env.operator)} />;
}
