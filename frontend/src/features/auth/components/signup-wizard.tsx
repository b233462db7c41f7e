import { lazy, Suspense, useState, type ReactNode } from 'react';

import { Link } from '@/components/ui/link';
import { paths } from '@/config/paths';
import { AuthLayout } from '@/features/auth/components/auth-layout';
import { SignupAccountStep } from '@/features/auth/components/signup-account-step';
import { SignupDateStep, SignupPlaceStep, SignupTimeStep } from '@/features/auth/components/signup-birth-steps';
import { SignupGenderStep } from '@/features/auth/components/signup-gender-step';
import { SignupStepIndicator } from '@/features/auth/components/signup-steps';
import { useSignupWizard } from '@/features/auth/hooks/use-signup-wizard';
import type { PlaceFieldComponent } from '@/lib/place-field-slot';

const TermsDialog = lazy(() =>
  import(/* webpackChunkName: "dialog-terms" */ '@/components/legal/terms-dialog').then((m) => ({ default: m.TermsDialog })),
);
const PrivacyPolicyDialog = lazy(() =>
  import(/* webpackChunkName: "dialog-privacy-policy" */ '@/components/legal/privacy-policy-dialog').then((m) => ({
    default: m.PrivacyPolicyDialog,
  })),
);

type SignupWizardProps = {
  /** The birth-place input with suggestions (the route passes birth-input's). */
  placeField: PlaceFieldComponent;
  /** The year the year choices end with; the current year unless a test pins it. */
  currentYear?: number;
  /**
   * The member whose invite link led here (`/auth/signup?invite=`): sent with the account, so a friend
   * request to them follows once the e-mail is verified.
   */
  inviterId?: string;
  /** Shown above the steps, e.g. who invited the visitor. */
  notice?: ReactNode;
};

/**
 * Signup (spec §2, §4): gender, birth date, birth time, birth place, account; then the verify screen.
 * The state and the submit live in useSignupWizard; each step is its own component.
 */
export function SignupWizard({ placeField, currentYear, inviterId, notice }: SignupWizardProps) {
  const wizard = useSignupWizard({ inviterId });
  const [openDocument, setOpenDocument] = useState<'terms' | 'privacy' | null>(null);
  const nav = { titleRef: wizard.titleRef, onBack: wizard.back, onNext: wizard.next };

  let content;
  switch (wizard.step) {
    case 1:
      content = <SignupGenderStep {...nav} gender={wizard.gender} onChange={wizard.setGender} />;
      break;
    case 2:
      content = (
        <SignupDateStep {...nav} value={wizard.birth.date} onChange={wizard.setDate} currentYear={currentYear} />
      );
      break;
    case 3:
      content = (
        <SignupTimeStep {...nav} value={wizard.birth.time} onChange={wizard.setTime} dst={wizard.birth.dst} />
      );
      break;
    case 4:
      content = (
        <SignupPlaceStep
          {...nav}
          value={wizard.birth.place}
          onChange={wizard.setPlace}
          busy={wizard.placeBusy}
          onBusyChange={wizard.setPlaceBusy}
          placeField={placeField}
        />
      );
      break;
    default:
      content = (
        <SignupAccountStep
          titleRef={wizard.titleRef}
          onBack={wizard.back}
          account={wizard.account}
          errors={wizard.errors}
          onField={wizard.setField}
          onAgreed={wizard.setAgreed}
          filled={wizard.accountFilled}
          busy={wizard.busy}
          onSubmit={wizard.submit}
          onOpenDocument={setOpenDocument}
          dstOptions={wizard.dstOptions}
          onChooseDst={wizard.chooseDst}
          dst={wizard.birth.dst}
        />
      );
  }

  return (
    <AuthLayout
      title="新規登録"
      footer={
        <span>
          アカウントをお持ちの方は <Link to={paths.auth.login}>ログイン</Link>
        </span>
      }
    >
      {notice}
      <SignupStepIndicator step={wizard.step} />
      {content}
      <Suspense fallback={null}>
        {openDocument === 'terms' ? <TermsDialog open onClose={() => setOpenDocument(null)} /> : null}
        {openDocument === 'privacy' ? <PrivacyPolicyDialog open onClose={() => setOpenDocument(null)} /> : null}
      </Suspense>
    </AuthLayout>
  );
}
