import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';

import { toast } from '@/components/ui/toast/toast-store';
import { paths } from '@/config/paths';
import { useSignup } from '@/features/auth/api/signup';
import {
  checkAccountFields,
  type AccountFieldName,
  type AccountFields,
} from '@/features/auth/components/signup-account-checks';
import { SIGNUP_STEP_COUNT } from '@/features/auth/components/signup-steps';
import {
  preFilledChoices,
  signupBody,
  withDate,
  withTime,
  type BirthChoices,
  type Gender,
} from '@/features/auth/utils/signup-birth';
import { errorMessageFor } from '@/lib/api-client';
import { clearPreFillBirthData, loadPreFillBirthData, type ChosenPlace } from '@/lib/birth-data';
import type { DateParts, TimeParts } from '@/lib/birth-fields';
import { dstChoiceInUse, dstOptionsOf, dstReadingOf, type DstChoiceKey, type DstOption } from '@/lib/dst-choice';
import { normalizeUsername } from '@/lib/username';

export const SIGNUP_FAILED = 'アカウントの作成に失敗しました';

const EMPTY_ACCOUNT: AccountFields = { email: '', username: '', password: '', passwordConfirmation: '', agreed: false };

type SignupWizardOptions = {
  /** Sent with the account when the visitor came through an invite link. */
  inviterId?: string;
};

/**
 * The signup wizard's state (spec §2): the step, the answers, the account fields and their errors, and the
 * submit. Birth data the landing calculator left in session storage pre-selects steps 2-4 (with the reading
 * of a summer-time birth time picked there) and is removed once the account exists. When the gateway asks
 * how to read the birth time, `dstOptions` holds its readings until one is chosen or the time changes.
 */
export function useSignupWizard({ inviterId }: SignupWizardOptions = {}) {
  const navigate = useNavigate();
  const { trigger, isMutating } = useSignup();
  const [step, setStep] = useState(1);
  const [gender, setGender] = useState<Gender | null>(null);
  const [birth, setBirth] = useState<BirthChoices>(() => preFilledChoices(loadPreFillBirthData()));
  const [placeBusy, setPlaceBusy] = useState(false);
  const [account, setAccount] = useState<AccountFields>(EMPTY_ACCOUNT);
  const [errors, setErrors] = useState<Partial<Record<AccountFieldName, string>>>({});
  const [dstOptions, setDstOptions] = useState<DstOption[] | null>(null);

  // Each new step's title takes the focus, so screen readers start there (not on the first render).
  const titleRef = useRef<HTMLHeadingElement>(null);
  const firstStep = useRef(true);
  useEffect(() => {
    if (firstStep.current) {
      firstStep.current = false;
      return;
    }
    titleRef.current?.focus();
  }, [step]);

  const back = () => (step === 1 ? void navigate(paths.landing) : setStep(step - 1));
  const next = () => setStep((s) => Math.min(s + 1, SIGNUP_STEP_COUNT));

  const setDate = (date: DateParts) => {
    setBirth((b) => withDate(b, date));
    setDstOptions(null);
  };
  const setTime = (time: TimeParts) => {
    setBirth((b) => withTime(b, time));
    setDstOptions(null);
  };
  const setPlace = (place: ChosenPlace | null) => setBirth((b) => ({ ...b, place }));
  const setField = (name: AccountFieldName) => (value: string) => {
    setAccount((a) => ({ ...a, [name]: value }));
    setErrors((e) => (e[name] ? { ...e, [name]: undefined } : e));
  };
  const setAgreed = (agreed: boolean) => setAccount((a) => ({ ...a, agreed }));

  const accountFilled =
    account.email.trim() !== '' &&
    account.username.trim() !== '' &&
    account.password !== '' &&
    account.passwordConfirmation !== '' &&
    account.agreed;

  /** Checks the account fields and sends the account with `choices` as the birth data. */
  const send = async (choices: BirthChoices) => {
    const fields = { ...account, email: account.email.trim(), username: normalizeUsername(account.username) };
    const check = checkAccountFields(fields);
    if (!check.ok) {
      setErrors(check.errors);
      toast({ variant: 'destructive', title: check.title, description: check.description });
      return;
    }
    const body = signupBody(fields, gender, choices, inviterId);
    if (body === null) {
      // Step 2 cannot be left without a date; this only guards against a state that should not exist.
      setStep(2);
      return;
    }
    try {
      const answer = await trigger(body);
      clearPreFillBirthData();
      const sent = 'メール認証コードが送信されました';
      const description = choices.dst ? `${sent}。生まれた時刻は、${dstChoiceInUse(choices.dst)}。` : sent;
      toast({ title: 'アカウント作成成功', description });
      void navigate(paths.auth.verifyFor(answer?.email ?? fields.email));
    } catch (error) {
      // A skipped or repeated birth time: the gateway's message, and its readings to pick from.
      setDstOptions(dstOptionsOf(error));
      toast({ variant: 'destructive', title: '登録エラー', description: errorMessageFor(error, SIGNUP_FAILED) });
    }
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (isMutating) return;
    void send(birth);
  };

  /** Keeps the reading picked and sends the account again with it. */
  const chooseDst = (choice: DstChoiceKey) => {
    if (isMutating) return;
    const chosen = { ...birth, dst: dstReadingOf(choice, dstOptions) };
    setBirth(chosen);
    setDstOptions(null);
    void send(chosen);
  };

  return {
    step,
    back,
    next,
    titleRef,
    gender,
    setGender,
    birth,
    setDate,
    setTime,
    setPlace,
    placeBusy,
    setPlaceBusy,
    account,
    errors,
    setField,
    setAgreed,
    accountFilled,
    busy: isMutating,
    submit,
    dstOptions,
    chooseDst,
  };
}
