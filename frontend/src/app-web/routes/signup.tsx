import { SignupWizard } from '@/features/auth/components/signup-wizard';
import { PlaceField } from '@/features/birth-input/components/place-field';

/** The signup wizard, with birth-input's place field for its birth-place step. */
export default function SignupRoute() {
  return <SignupWizard placeField={PlaceField} />;
}
