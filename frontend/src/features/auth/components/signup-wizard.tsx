import { lazy, Suspense, useEffect, useRef, useState, type FormEvent, type ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import MuiLink from '@mui/material/Link';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useNavigate } from 'react-router';

import { BirthDateSelect } from '@/components/ui/birth-date-select';
import { BirthTimeSelect } from '@/components/ui/birth-time-select';
import { Link } from '@/components/ui/link';
import { PasswordField } from '@/components/ui/password-field';
import { toast } from '@/components/ui/toast/toast-store';
import { paths } from '@/config/paths';
import { useSignup, type SignupInput } from '@/features/auth/api/signup';
import { AuthLayout } from '@/features/auth/components/auth-layout';
import {
  checkAccountFields,
  type AccountFieldName,
  type AccountFields,
} from '@/features/auth/components/signup-account-checks';
import { SignupNavButtons, SignupStepFrame, SignupStepIndicator } from '@/features/auth/components/signup-steps';
import { errorMessageFor } from '@/lib/api-client';
import { PASSWORD_HELP, USERNAME_HELP } from '@/lib/account-validation';
import { normalizeUsername } from '@/lib/username';
import {
  clearPreFillBirthData,
  DEFAULT_BIRTH_LOCATION,
  DEFAULT_BIRTH_TIME,
  DEFAULT_PLACE,
  loadPreFillBirthData,
  type ChosenPlace,
} from '@/lib/birth-data';
import {
  datePartsToString,
  dateStringToParts,
  EMPTY_DATE,
  EMPTY_TIME,
  isDateComplete,
  timePartsToInput,
  timePartsToString,
  timeStringToParts,
  type DateParts,
  type TimeParts,
} from '@/lib/birth-fields';
import type { PlaceFieldComponent } from '@/lib/place-field-slot';

const TermsDialog = lazy(() =>
  import(/* webpackChunkName: "dialog-terms" */ '@/components/legal/terms-dialog').then((m) => ({ default: m.TermsDialog })),
);
const PrivacyPolicyDialog = lazy(() =>
  import(/* webpackChunkName: "dialog-privacy-policy" */ '@/components/legal/privacy-policy-dialog').then((m) => ({
    default: m.PrivacyPolicyDialog,
  })),
);

export const SIGNUP_FAILED = 'アカウントの作成に失敗しました';

type Gender = 'male' | 'female';

type BirthChoices = {
  date: DateParts;
  time: TimeParts;
  place: ChosenPlace | null;
};

/** The landing calculator's input (session storage `preFillBirthData`), as the wizard's choices. */
function preFilledChoices(): BirthChoices {
  const saved = loadPreFillBirthData();
  if (!saved || typeof saved !== 'object') return { date: EMPTY_DATE, time: EMPTY_TIME, place: null };
  const { birthLocation, coordinates } = saved;
  const placeKnown =
    typeof birthLocation === 'string' &&
    birthLocation.trim() !== '' &&
    typeof coordinates === 'object' &&
    coordinates !== null &&
    Number.isFinite(coordinates.longitude) &&
    Number.isFinite(coordinates.latitude);
  return {
    date: dateStringToParts(saved.birthDate),
    time: timeStringToParts(saved.birthTime),
    place: placeKnown ? { label: birthLocation, coordinates: { ...coordinates } } : null,
  };
}

const EMPTY_ACCOUNT: AccountFields = { email: '', username: '', password: '', passwordConfirmation: '', agreed: false };

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
 * Birth data the landing calculator left in session storage pre-selects steps 2-4 and is removed once
 * the account exists.
 */
export function SignupWizard({ placeField: PlaceField, currentYear, inviterId, notice }: SignupWizardProps) {
  const navigate = useNavigate();
  const { trigger, isMutating } = useSignup();
  const [step, setStep] = useState(1);
  const [gender, setGender] = useState<Gender | null>(null);
  const [birth, setBirth] = useState<BirthChoices>(preFilledChoices);
  const [placeBusy, setPlaceBusy] = useState(false);
  const [account, setAccount] = useState<AccountFields>(EMPTY_ACCOUNT);
  const [errors, setErrors] = useState<Partial<Record<AccountFieldName, string>>>({});
  const [openDocument, setOpenDocument] = useState<'terms' | 'privacy' | null>(null);

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
  const next = () => setStep((s) => Math.min(s + 1, 5));

  const setDate = (date: DateParts) => setBirth((b) => ({ ...b, date }));
  const setTime = (time: TimeParts) => setBirth((b) => ({ ...b, time }));
  const setPlace = (place: ChosenPlace | null) => setBirth((b) => ({ ...b, place }));
  const setField = (name: AccountFieldName) => (value: string) => {
    setAccount((a) => ({ ...a, [name]: value }));
    setErrors((e) => (e[name] ? { ...e, [name]: undefined } : e));
  };

  const accountFilled =
    account.email.trim() !== '' &&
    account.username.trim() !== '' &&
    account.password !== '' &&
    account.passwordConfirmation !== '' &&
    account.agreed;

  const handleSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (isMutating) return;
    const fields = { ...account, email: account.email.trim(), username: normalizeUsername(account.username) };
    const check = checkAccountFields(fields);
    if (!check.ok) {
      setErrors(check.errors);
      toast({ variant: 'destructive', title: check.title, description: check.description });
      return;
    }
    const birthDate = datePartsToString(birth.date);
    if (birthDate === null) {
      // Step 2 cannot be left without a date; this only guards against a state that should not exist.
      setStep(2);
      return;
    }
    const place = birth.place ?? DEFAULT_PLACE;
    const body: SignupInput = {
      email: fields.email,
      password: fields.password,
      username: fields.username,
      ...(gender ? { gender } : {}),
      birthDate,
      birthTime: timePartsToInput(birth.time),
      birthLocation: place.label,
      coordinates: { ...place.coordinates },
      privacyPolicyAccepted: true,
      analyticsConsent: false,
      marketingConsent: false,
      ...(inviterId ? { inviterId } : {}),
    };
    try {
      const answer = await trigger(body);
      clearPreFillBirthData();
      toast({ title: 'アカウント作成成功', description: 'メール認証コードが送信されました' });
      void navigate(paths.auth.verifyFor(answer?.email ?? fields.email));
    } catch (error) {
      toast({ variant: 'destructive', title: '登録エラー', description: errorMessageFor(error, SIGNUP_FAILED) });
    }
  };

  let content;
  switch (step) {
    case 1:
      content = (
        <SignupStepFrame
          title="性別を教えてください"
          titleRef={titleRef}
          lead="運勢の流れ（大運）の向きを求めるのに使います。"
          actions={<SignupNavButtons onBack={back} onNext={next} nextDisabled={gender === null} />}
        >
          <RadioGroup
            aria-label="性別"
            value={gender ?? ''}
            onChange={(event) => setGender(event.target.value as Gender)}
            sx={{ display: 'grid', gridTemplateColumns: '1fr 1fr', gap: 1.5, mb: 2 }}
          >
            {(
              [
                ['male', '男性'],
                ['female', '女性'],
              ] as const
            ).map(([value, label]) => (
              <FormControlLabel
                key={value}
                value={value}
                control={<Radio />}
                label={label}
                sx={{
                  m: 0,
                  px: 1.5,
                  py: 1,
                  border: '1px solid',
                  borderColor: gender === value ? 'primary.main' : 'divider',
                  borderRadius: 2,
                  bgcolor: gender === value ? 'action.selected' : undefined,
                }}
              />
            ))}
          </RadioGroup>
          <MuiLink
            component="button"
            type="button"
            variant="body2"
            onClick={() => {
              setGender(null);
              next();
            }}
          >
            スキップ（その他・答えたくない）
          </MuiLink>
        </SignupStepFrame>
      );
      break;
    case 2:
      content = (
        <SignupStepFrame
          title="生年月日を選んでください"
          titleRef={titleRef}
          lead="命式の柱になる、いちばん大切な情報です。"
          actions={<SignupNavButtons onBack={back} onNext={next} nextDisabled={!isDateComplete(birth.date)} />}
        >
          <BirthDateSelect value={birth.date} onChange={setDate} required currentYear={currentYear} />
        </SignupStepFrame>
      );
      break;
    case 3:
      content = (
        <SignupStepFrame
          title="生まれた時刻を選んでください"
          titleRef={titleRef}
          lead="時刻が分かると、時柱まで読み解けます。"
          actions={
            <>
              <SignupNavButtons onBack={back} onNext={next} />
              <Button
                variant="text"
                onClick={() => {
                  setTime(EMPTY_TIME);
                  next();
                }}
                sx={{ width: '100%' }}
              >
                まったく分からない
              </Button>
            </>
          }
        >
          <BirthTimeSelect value={birth.time} onChange={setTime} />
          <Alert severity="info" role="note" sx={{ mt: 2 }}>
            {birth.time.hour === ''
              ? `時刻を選ばない場合は、正午（${DEFAULT_BIRTH_TIME}）として計算します。`
              : `${timePartsToString(birth.time)} として計算します。`}
          </Alert>
        </SignupStepFrame>
      );
      break;
    case 4:
      content = (
        <SignupStepFrame
          title="生まれた場所を入力してください"
          titleRef={titleRef}
          lead="出生地の経度から、太陽の位置に合わせて時刻を補正します。"
          actions={
            <>
              <SignupNavButtons onBack={back} onNext={next} nextDisabled={placeBusy} />
              <Button
                variant="text"
                disabled={placeBusy}
                onClick={() => {
                  setPlace(null);
                  next();
                }}
                sx={{ width: '100%' }}
              >
                スキップ
              </Button>
            </>
          }
        >
          <PlaceField
            label="出生地"
            helperText="市区町村名を入力し、候補から選んでください"
            value={birth.place}
            onChange={setPlace}
            onBusyChange={setPlaceBusy}
          />
          <Alert severity="info" role="note" sx={{ mt: 2 }}>
            {birth.place === null
              ? `選ばない場合は「${DEFAULT_BIRTH_LOCATION}」として計算します。`
              : `「${birth.place.label}」として計算します。`}
          </Alert>
        </SignupStepFrame>
      );
      break;
    default:
      content = (
        <Box component="form" noValidate onSubmit={(event: FormEvent<HTMLFormElement>) => void handleSubmit(event)}>
          <SignupStepFrame
            title="アカウント情報を入力してください"
            titleRef={titleRef}
            actions={
              <SignupNavButtons
                onBack={back}
                next={
                  <Button type="submit" variant="contained" size="large" disabled={!accountFilled || isMutating}>
                    {isMutating ? '登録中...' : '登録を完了する'}
                  </Button>
                }
              />
            }
          >
            <Box sx={{ display: 'grid', gap: 2.5 }}>
              <TextField
                label="メールアドレス"
                type="email"
                autoComplete="email"
                required
                fullWidth
                value={account.email}
                onChange={(event) => setField('email')(event.target.value)}
                error={Boolean(errors.email)}
                helperText={errors.email ?? '認証コードをお送りします'}
                slotProps={{ htmlInput: { inputMode: 'email', autoCapitalize: 'none', spellCheck: false } }}
              />
              <TextField
                label="ユーザー名"
                autoComplete="username"
                required
                fullWidth
                value={account.username}
                onChange={(event) => setField('username')(event.target.value)}
                error={Boolean(errors.username)}
                helperText={errors.username ?? USERNAME_HELP}
                // No maxLength: the rule counts characters after NFKC (ｶﾞ is one), which the attribute cannot.
                slotProps={{ htmlInput: { autoCapitalize: 'none', spellCheck: false } }}
              />
              <PasswordField
                label="パスワード"
                autoComplete="new-password"
                required
                fullWidth
                value={account.password}
                onChange={(event) => setField('password')(event.target.value)}
                error={Boolean(errors.password)}
                helperText={errors.password ?? PASSWORD_HELP}
              />
              <PasswordField
                label="パスワード（確認）"
                autoComplete="new-password"
                required
                fullWidth
                value={account.passwordConfirmation}
                onChange={(event) => setField('passwordConfirmation')(event.target.value)}
                error={Boolean(errors.passwordConfirmation)}
                helperText={errors.passwordConfirmation ?? 'もう一度入力してください'}
              />
              <Box>
                <Typography variant="body2" sx={{ mb: 0.5 }}>
                  ご登録の前に
                  <MuiLink component="button" type="button" variant="body2" onClick={() => setOpenDocument('terms')}>
                    利用規約
                  </MuiLink>
                  と
                  <MuiLink component="button" type="button" variant="body2" onClick={() => setOpenDocument('privacy')}>
                    プライバシーポリシー
                  </MuiLink>
                  をお読みください。
                </Typography>
                <FormControlLabel
                  required
                  control={
                    <Checkbox
                      checked={account.agreed}
                      onChange={(event) => setAccount((a) => ({ ...a, agreed: event.target.checked }))}
                    />
                  }
                  label="利用規約およびプライバシーポリシーに同意します"
                />
              </Box>
            </Box>
          </SignupStepFrame>
        </Box>
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
      <SignupStepIndicator step={step} />
      {content}
      <Suspense fallback={null}>
        {openDocument === 'terms' ? <TermsDialog open onClose={() => setOpenDocument(null)} /> : null}
        {openDocument === 'privacy' ? <PrivacyPolicyDialog open onClose={() => setOpenDocument(null)} /> : null}
      </Suspense>
    </AuthLayout>
  );
}
