import type { FormEvent, RefObject } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import MuiLink from '@mui/material/Link';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';

import { DstChoicePicker } from '@/components/bazi/dst-choice-picker';
import { PasswordField } from '@/components/ui/password-field';
import type { AccountFieldName, AccountFields } from '@/features/auth/components/signup-account-checks';
import { SignupNavButtons, SignupStepFrame } from '@/features/auth/components/signup-steps';
import { PASSWORD_HELP, USERNAME_HELP } from '@/lib/account-validation';
import { dstChoiceInUse, type DstChoiceKey, type DstOption, type DstReading } from '@/lib/dst-choice';

type SignupAccountStepProps = {
  titleRef: RefObject<HTMLHeadingElement | null>;
  onBack: () => void;
  account: AccountFields;
  errors: Partial<Record<AccountFieldName, string>>;
  onField: (name: AccountFieldName) => (value: string) => void;
  onAgreed: (agreed: boolean) => void;
  /** Every field filled and the box ticked: the submit button is enabled. */
  filled: boolean;
  busy: boolean;
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
  onOpenDocument: (document: 'terms' | 'privacy') => void;
  /** The readings the gateway offered for a birth time a summer-time change skipped or repeated. */
  dstOptions: DstOption[] | null;
  onChooseDst: (choice: DstChoiceKey) => void;
  /** The reading that goes with the account, once picked. */
  dst: DstReading | null;
};

/**
 * Step 5: e-mail, username, password twice and consent to the terms and privacy policy, then the submit.
 * When the gateway asks how to read the birth time, its readings appear above the buttons, and picking one
 * sends the account again.
 */
export function SignupAccountStep({
  titleRef,
  onBack,
  account,
  errors,
  onField,
  onAgreed,
  filled,
  busy,
  onSubmit,
  onOpenDocument,
  dstOptions,
  onChooseDst,
  dst,
}: SignupAccountStepProps) {
  return (
    <Box component="form" noValidate onSubmit={onSubmit}>
      <SignupStepFrame
        title="アカウント情報を入力してください"
        titleRef={titleRef}
        actions={
          <SignupNavButtons
            onBack={onBack}
            next={
              <Button type="submit" variant="contained" size="large" disabled={!filled || busy}>
                {busy ? '登録中...' : '登録を完了する'}
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
            onChange={(event) => onField('email')(event.target.value)}
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
            onChange={(event) => onField('username')(event.target.value)}
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
            onChange={(event) => onField('password')(event.target.value)}
            error={Boolean(errors.password)}
            helperText={errors.password ?? PASSWORD_HELP}
          />
          <PasswordField
            label="パスワード（確認）"
            autoComplete="new-password"
            required
            fullWidth
            value={account.passwordConfirmation}
            onChange={(event) => onField('passwordConfirmation')(event.target.value)}
            error={Boolean(errors.passwordConfirmation)}
            helperText={errors.passwordConfirmation ?? 'もう一度入力してください'}
          />
          <Box>
            <Typography variant="body2" sx={{ mb: 0.5 }}>
              ご登録の前に
              <MuiLink component="button" type="button" variant="body2" onClick={() => onOpenDocument('terms')}>
                利用規約
              </MuiLink>
              と
              <MuiLink component="button" type="button" variant="body2" onClick={() => onOpenDocument('privacy')}>
                プライバシーポリシー
              </MuiLink>
              をお読みください。
            </Typography>
            <FormControlLabel
              required
              control={<Checkbox checked={account.agreed} onChange={(event) => onAgreed(event.target.checked)} />}
              label="利用規約およびプライバシーポリシーに同意します"
            />
          </Box>
        </Box>
        {dst && !dstOptions ? (
          <Alert severity="info" role="note" sx={{ mt: 2 }}>
            生まれた時刻は、{dstChoiceInUse(dst)}。
          </Alert>
        ) : null}
        {dstOptions ? (
          <DstChoicePicker options={dstOptions} onChoose={onChooseDst} busy={busy} submitLabel="この読み方で登録する" />
        ) : null}
      </SignupStepFrame>
    </Box>
  );
}
