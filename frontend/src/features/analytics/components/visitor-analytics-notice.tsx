import { lazy, Suspense, useId, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import MuiLink from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import CloseIcon from '@mui/icons-material/Close';

import { useVisitorConsent } from '@/features/analytics/api/visitor-consent';
import { useAnswerVisitorConsent } from '@/features/analytics/hooks/use-answer-visitor-consent';
import { useNoticeAnswer } from '@/features/analytics/hooks/use-notice-answer';
import { saveNoticeAnswer } from '@/features/analytics/utils/notice-answer';

// The same chunk as the footer's: the policy is long and rarely opened.
const PrivacyPolicyDialog = lazy(() =>
  import(/* webpackChunkName: "legal-privacy" */ '@/components/legal/privacy-policy-dialog').then((module) => ({
    default: module.PrivacyPolicyDialog,
  })),
);

type NoticeCardProps = {
  onAnswer: (analytics: boolean) => void;
  onDismiss: () => void;
  onShowPolicy: () => void;
};

/** The card itself: the question, the policy link, two equal answers and ×. */
function NoticeCard({ onAnswer, onDismiss, onShowPolicy }: NoticeCardProps) {
  const titleId = useId();
  return (
    <Paper
      component="section"
      aria-labelledby={titleId}
      elevation={8}
      sx={{
        position: 'fixed',
        zIndex: 'snackbar',
        left: { xs: 12, sm: 24 },
        right: { xs: 12, sm: 'auto' },
        bottom: 'calc(12px + env(safe-area-inset-bottom, 0px))',
        maxWidth: 440,
        p: 2,
        pr: 5,
      }}
    >
      <Typography id={titleId} variant="subtitle2" component="h2" sx={{ mb: 0.5 }}>
        利用状況の記録について
      </Typography>
      <Typography variant="body2" sx={{ mb: 1.5 }}>
        サービス改善のため、このブラウザでの利用状況（閲覧したページなど）を記録してもよろしいですか？同意はいつでも取り消せます。
        <MuiLink component="button" type="button" variant="body2" onClick={onShowPolicy} sx={{ verticalAlign: 'baseline', ml: 0.5 }}>
          プライバシーポリシー
        </MuiLink>
      </Typography>
      <Box sx={{ display: 'grid', gridTemplateColumns: '1fr 1fr', gap: 1 }}>
        <Button variant="outlined" onClick={() => onAnswer(true)}>
          同意する
        </Button>
        <Button variant="outlined" onClick={() => onAnswer(false)}>
          同意しない
        </Button>
      </Box>
      <IconButton aria-label="閉じる" size="small" onClick={onDismiss} sx={{ position: 'absolute', top: 6, right: 6 }}>
        <CloseIcon fontSize="small" />
      </IconButton>
    </Paper>
  );
}

/**
 * The small notice of the public pages (issue 26): asks a visitor whose browser has not agreed to analytics
 * and who has not answered before. It does not block the page. 「同意する」/「同意しない」 are sent to the
 * gateway; × only closes it. Any answer is remembered in this browser, and the footer's 「利用状況の記録」
 * changes it later.
 */
export function VisitorAnalyticsNotice() {
  const consent = useVisitorConsent();
  const stored = useNoticeAnswer();
  const { send } = useAnswerVisitorConsent();
  const [policy, setPolicy] = useState({ mounted: false, open: false });

  const answer = async (analytics: boolean) => {
    // Gone at once; if the answer could not be recorded, the notice asks again.
    saveNoticeAnswer(analytics ? 'granted' : 'denied');
    if (!(await send({ analytics }))) saveNoticeAnswer(null);
  };

  const shown = stored === null && consent.data?.analytics === false;

  return (
    <>
      {shown ? (
        <>
          {/* Room below the page's end (the notice is mounted after the footer), so the footer's links
              can scroll above the card instead of staying under it. */}
          <Box aria-hidden="true" sx={{ height: { xs: 260, sm: 200 } }} />
          <NoticeCard
            onAnswer={(analytics) => void answer(analytics)}
            onDismiss={() => saveNoticeAnswer('dismissed')}
            onShowPolicy={() => setPolicy({ mounted: true, open: true })}
          />
        </>
      ) : null}
      {policy.mounted ? (
        <Suspense fallback={null}>
          <PrivacyPolicyDialog open={policy.open} onClose={() => setPolicy({ mounted: true, open: false })} />
        </Suspense>
      ) : null}
    </>
  );
}
