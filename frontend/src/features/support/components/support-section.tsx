import { useEffect, useId, useRef, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import { useLocation } from 'react-router';

import { LoadErrorBlock, LoadingBlock } from '@/components/ui/load-state';
import { toast } from '@/components/ui/toast/toast-store';
import { useTickets } from '@/features/support/api/get-tickets';
import type { TicketThread } from '@/features/support/api/types';
import { NewTicketDialog } from '@/features/support/components/new-ticket-dialog';
import { TicketList } from '@/features/support/components/ticket-list';
import { SUPPORT_UNAVAILABLE } from '@/features/support/utils/ticket-rules';
import { errorMessageFor, isApiError } from '@/lib/api-client';

/** The anchor of the section (`paths.settingsSupport`), where the app's mentions of its support window lead. */
export const SUPPORT_SECTION_ID = 'support';

/**
 * 「お問い合わせ」 in /settings: the member's tickets and the button that opens a new one. When support is
 * down (503 SUPPORT_UNAVAILABLE) the section says so and the rest of the screen works as before.
 */
export function SupportSection() {
  const titleId = useId();
  const tickets = useTickets();
  const [formOpen, setFormOpen] = useState(false);
  const sectionRef = useRef<HTMLElement>(null);
  const { hash } = useLocation();

  // A link to /settings#support (the legal pages, the shop's disclosure) lands on this section.
  useEffect(() => {
    if (hash === `#${SUPPORT_SECTION_ID}`) sectionRef.current?.scrollIntoView({ block: 'start' });
  }, [hash]);

  const created = (thread: TicketThread) => {
    setFormOpen(false);
    void tickets.mutate();
    toast({ title: 'お問い合わせを受け付けました', description: `「${thread.ticket.subject}」への返信はこの画面とメールでお知らせします` });
  };

  let body;
  if (tickets.data) {
    body =
      tickets.data.tickets.length === 0 ? (
        <Typography color="text.secondary" sx={{ py: 1 }}>
          お問い合わせはまだありません。
        </Typography>
      ) : (
        <TicketList tickets={tickets.data.tickets} />
      );
  } else if (isApiError(tickets.error) && tickets.error.status === 503) {
    body = (
      <Alert
        severity="warning"
        action={
          <Button color="inherit" size="small" onClick={() => void tickets.mutate()}>
            再読み込み
          </Button>
        }
      >
        {errorMessageFor(tickets.error, SUPPORT_UNAVAILABLE)}
      </Alert>
    );
  } else if (tickets.error) {
    body = (
      <LoadErrorBlock
        message={errorMessageFor(tickets.error, 'お問い合わせを読み込めませんでした。')}
        onRetry={() => void tickets.mutate()}
      />
    );
  } else {
    body = <LoadingBlock label="お問い合わせを読み込み中" />;
  }

  return (
    <Paper
      ref={sectionRef}
      id={SUPPORT_SECTION_ID}
      component="section"
      variant="outlined"
      aria-labelledby={titleId}
      sx={{ p: { xs: 2, sm: 3 }, scrollMarginTop: 16 }}
    >
      <Typography id={titleId} variant="h4" component="h2" sx={{ mb: 0.5 }}>
        お問い合わせ
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        ご質問やお困りのことをお送りください。運営者からの返信はこの画面とメールでお知らせします。
      </Typography>
      <Box sx={{ mb: 2 }}>
        <Button variant="contained" startIcon={<AddIcon aria-hidden="true" />} onClick={() => setFormOpen(true)}>
          新しいお問い合わせ
        </Button>
      </Box>
      {body}
      <NewTicketDialog open={formOpen} onClose={() => setFormOpen(false)} onCreated={created} />
    </Paper>
  );
}
