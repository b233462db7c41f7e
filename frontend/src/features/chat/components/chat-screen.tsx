import { useCallback, useEffect, useId, useRef, useState, type ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';

import { BOTTOM_NAV_HEIGHT_PX, BOTTOM_NAV_RISE_PX } from '@/components/layouts/bottom-nav';
import { Mascot } from '@/components/mascot/mascot';
import { Link } from '@/components/ui/link';
import { LoadErrorBlock, LoadingBlock } from '@/components/ui/load-state';
import { CHAT_DEFAULT_CREDITS_PER_MESSAGE, CHAT_DEFAULT_MAX_MESSAGE_LENGTH } from '@/config/constants';
import { paths } from '@/config/paths';
import { useChatHistory } from '@/features/chat/api/get-chat-messages';
import { useChatStatus } from '@/features/chat/api/get-chat-status';
import type { ChatMessage, CompatibilityTarget } from '@/features/chat/api/types';
import { MascotBubble, MemberBubble, ReplyText } from '@/features/chat/components/chat-bubbles';
import { ChatComposer } from '@/features/chat/components/chat-composer';
import { ChatTurn, REFUND_NOTICE } from '@/features/chat/components/chat-turn';
import { CompatibilityDialog } from '@/features/chat/components/compatibility-dialog';
import { TypingIndicator } from '@/features/chat/components/typing-indicator';
import { NO_CREDITS_MESSAGE, useChatSend, type Attempt, type Failure } from '@/features/chat/hooks/use-chat-send';
import { usePendingReplies } from '@/features/chat/hooks/use-pending-replies';
import { normalizeMessage } from '@/features/chat/utils/message';
import { errorMessageFor } from '@/lib/api-client';

type ChatScreenProps = {
  /** The rating of a completed reply (the readings' rating with fortuneType `chat`), composed by the route. */
  renderRating?: (message: ChatMessage) => ReactNode;
};

const GREETING = 'こんにちは、ボクはメグです。今日の運勢や恋愛、お仕事のこと、なんでも聞いてくださいね。';

/** Out of credits: what happened and the way to the shop. */
function NoCredits({ message }: { message: string }) {
  return (
    <Alert
      severity="warning"
      action={
        <Button component={Link} to={paths.shop} color="inherit" size="small">
          ショップへ
        </Button>
      }
    >
      {message}
    </Alert>
  );
}

/** The failed send's bubble: why, and what can be done (retry, the shop, or nothing but writing again). */
function FailureNotice({ failure, onRetry, onDismiss }: { failure: Failure; onRetry: () => void; onDismiss: () => void }) {
  if (failure.kind === 'no-credits') return <NoCredits message={failure.message} />;
  return (
    <Alert
      severity={failure.kind === 'invalid' ? 'error' : 'warning'}
      action={
        failure.kind === 'invalid' ? (
          <Button color="inherit" size="small" onClick={onDismiss}>
            閉じる
          </Button>
        ) : (
          <Button color="inherit" size="small" onClick={onRetry}>
            {failure.kind === 'refunded' ? 'もう一度送る' : '再送する'}
          </Button>
        )
      }
    >
      {failure.message}
      {failure.kind === 'refunded' ? (
        <Box component="strong" sx={{ display: 'block' }}>
          {REFUND_NOTICE}
        </Box>
      ) : null}
    </Alert>
  );
}

/**
 * /chat (the crystal-ball tab): the conversation with the mascot, older messages a page at a time, the
 * balance and what a message costs, the composer, the reply as it streams in, retry after a failure, the
 * way to the shop when the credits run out, and the compatibility question through its dialog.
 */
export function ChatScreen({ renderRating }: ChatScreenProps) {
  const titleId = useId();
  const status = useChatStatus();
  const history = useChatHistory();
  const [draft, setDraft] = useState('');
  const [asking, setAsking] = useState(false);
  const composer = useRef<HTMLTextAreaElement>(null);
  const end = useRef<HTMLDivElement>(null);

  const { addMessage } = history;
  const onInvalid = useCallback((attempt: Attempt) => {
    if (!attempt.compatibility) setDraft(attempt.message);
  }, []);
  const { state, send, retry, dismiss } = useChatSend({ onStored: addMessage, onInvalid, onBalance: status.setBalance });
  usePendingReplies(history.messages, addMessage, state.phase === 'sending' ? state.attempt.messageId : null);

  const creditsPerMessage = status.data?.creditsPerMessage ?? CHAT_DEFAULT_CREDITS_PER_MESSAGE;
  const maxLength = status.data?.maxMessageLength ?? CHAT_DEFAULT_MAX_MESSAGE_LENGTH;
  const balance = status.data?.balance;
  const outOfCredits = balance !== undefined && balance < creditsPerMessage;
  const sending = state.phase === 'sending';
  const failed = state.phase === 'failed' ? state : null;
  // The message just sent, once stored, is drawn from the history; until then from the attempt.
  const attemptStored = state.phase !== 'idle' && history.messages.some((message) => message.id === state.attempt.messageId);

  const submit = () => {
    const text = normalizeMessage(draft);
    setDraft('');
    composer.current?.focus();
    void send(text);
  };

  const ask = (message: string, target: CompatibilityTarget) => {
    setAsking(false);
    void send(message, target);
  };

  // Follow the conversation at its end: a new message, and each piece of the reply as it arrives.
  const lastId = history.messages[history.messages.length - 1]?.id;
  const replyLength = state.phase === 'sending' ? state.reply.length : 0;
  // The composer is the page's last block, so the page's own end shows the newest message right above it.
  useEffect(() => {
    const reduced = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches ?? false;
    end.current?.scrollIntoView({ block: 'end', behavior: reduced ? 'auto' : 'smooth' });
  }, [lastId, state.phase, replyLength]);

  let log: ReactNode;
  if (history.data) {
    log = (
      <>
        {history.hasMore ? (
          <Box sx={{ display: 'flex', justifyContent: 'center' }}>
            <Button variant="outlined" size="small" onClick={() => void history.setSize(history.size + 1)} disabled={history.loadingMore}>
              {history.loadingMore ? '読み込み中...' : 'もっと見る'}
            </Button>
          </Box>
        ) : null}
        {history.messages.length === 0 && state.phase === 'idle' ? (
          <MascotBubble>
            <ReplyText text={GREETING} />
          </MascotBubble>
        ) : null}
        {history.messages.map((message) => {
          const isFailed = failed !== null && failed.attempt.messageId === message.id && failed.failure.kind === 'refunded';
          return (
            <ChatTurn
              key={message.id}
              message={message}
              rating={message.status === 'completed' && renderRating ? renderRating(message) : undefined}
              failureText={isFailed ? failed.failure.message : undefined}
              action={
                isFailed ? (
                  <Box sx={{ mt: 1 }}>
                    <Button size="small" variant="outlined" onClick={() => void retry()}>
                      もう一度送る
                    </Button>
                  </Box>
                ) : undefined
              }
            />
          );
        })}
        {state.phase !== 'idle' && !attemptStored ? (
          <Box component="article" sx={{ display: 'grid', gap: 1 }}>
            <MemberBubble text={state.attempt.message} />
            {state.phase === 'sending' ? (
              <MascotBubble speaking busy>
                {state.reply ? <ReplyText text={state.reply} /> : null}
                <TypingIndicator />
              </MascotBubble>
            ) : (
              <FailureNotice failure={state.failure} onRetry={() => void retry()} onDismiss={dismiss} />
            )}
          </Box>
        ) : null}
      </>
    );
  } else if (history.error) {
    log = <LoadErrorBlock message={errorMessageFor(history.error, '会話を読み込めませんでした。')} onRetry={() => void history.mutate()} />;
  } else {
    log = <LoadingBlock label="会話を読み込み中" />;
  }

  const noCreditsShown = failed?.failure.kind === 'no-credits';

  return (
    <Container component="main" maxWidth="md" sx={{ pt: { xs: 2, sm: 4 }, pb: 2, px: { xs: 1.5, sm: 3 } }}>
      <Box component="header" sx={{ display: 'flex', alignItems: 'center', gap: 1.5, mb: 2, px: 0.5 }}>
        <Mascot size={48} speaking={sending} />
        <Box sx={{ minWidth: 0 }}>
          <Typography id={titleId} variant="h1" sx={{ fontSize: { xs: '1.4rem', sm: '1.8rem' } }}>
            チャット
          </Typography>
          <Typography variant="body2" color="text.secondary">
            ナビゲーターのメグとお話しできます
          </Typography>
        </Box>
        <Box sx={{ ml: 'auto', textAlign: 'right', flexShrink: 0 }} aria-live="polite">
          <Typography variant="body2" sx={{ fontWeight: 700 }} data-testid="chat-balance">
            {balance === undefined ? '残り —' : `残り ${balance} クレジット`}
          </Typography>
          <Typography variant="caption" color="text.secondary">
            {`1通 ${creditsPerMessage}クレジット`}
          </Typography>
        </Box>
      </Box>

      <Box
        role="log"
        aria-live="polite"
        aria-labelledby={titleId}
        sx={{ display: 'grid', gap: 2, pb: 2, minHeight: '40vh', alignContent: 'start' }}
      >
        {log}
      </Box>

      {/* Kept in view right above the bottom navigation; its ground reaches down to the bar, so the
          conversation never shows between the two, and its padding clears the raised crystal ball. */}
      <Box
        sx={{
          position: 'sticky',
          bottom: `calc(${BOTTOM_NAV_HEIGHT_PX}px + env(safe-area-inset-bottom, 0px))`,
          display: 'grid',
          gap: 1,
          pt: 1,
          pb: `${BOTTOM_NAV_RISE_PX + 8}px`,
          bgcolor: 'background.default',
        }}
      >
        {outOfCredits && !noCreditsShown ? <NoCredits message={NO_CREDITS_MESSAGE} /> : null}
        <ChatComposer
          ref={composer}
          value={draft}
          onChange={setDraft}
          maxLength={maxLength}
          sending={sending}
          onSend={submit}
          onAskCompatibility={() => setAsking(true)}
        />
      </Box>

      {/* The page's end (the shell's room for the navigation lies below it: the margin reaches past that). */}
      <Box ref={end} aria-hidden sx={{ scrollMarginBottom: '50vh' }} />

      <CompatibilityDialog open={asking} creditsPerMessage={creditsPerMessage} onClose={() => setAsking(false)} onAsk={ask} />
    </Container>
  );
}
