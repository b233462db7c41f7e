import type { ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';

import type { ChatMessage } from '@/features/chat/api/types';
import { MascotBubble, MemberBubble, ReplyText } from '@/features/chat/components/chat-bubbles';
import { CompatibilityCard } from '@/features/chat/components/compatibility-card';
import { TypingIndicator } from '@/features/chat/components/typing-indicator';

export const REFUND_NOTICE = 'クレジットをお返ししました';
const REPLY_FAILED_TEXT = '返信を作れませんでした。';

/** The reply's parts in order; a reply stored without parts is its plain text. */
function ReplyParts({ message }: { message: ChatMessage }) {
  if (message.responseMessages.length === 0) return <ReplyText text={message.response} />;
  return (
    <>
      {message.responseMessages.map((part, index) =>
        part.type === 'compatibility' ? (
          <CompatibilityCard key={part.requestId} part={part} />
        ) : (
          <Box key={index} sx={{ '& + &': { mt: 1 } }}>
            <ReplyText text={part.text} />
          </Box>
        ),
      )}
    </>
  );
}

type ChatTurnProps = {
  message: ChatMessage;
  /** What this screen knows of why the reply failed (the `failed` event's words), for the message just sent. */
  failureText?: string;
  /** Shown under a completed reply: its rating. */
  rating?: ReactNode;
  /** Shown under a refunded reply that was just sent: sending it again. */
  action?: ReactNode;
};

/** One exchange of the history: the member's message and the mascot's reply as it stands. */
export function ChatTurn({ message, failureText, rating, action }: ChatTurnProps) {
  let reply: ReactNode;
  if (message.status === 'completed') {
    reply = (
      <MascotBubble>
        <ReplyParts message={message} />
        {rating ? <Box sx={{ mt: 1.5 }}>{rating}</Box> : null}
      </MascotBubble>
    );
  } else if (message.status === 'refunded' || message.refunded) {
    reply = (
      <MascotBubble>
        <Alert severity="warning" sx={{ alignItems: 'center' }}>
          {failureText ?? REPLY_FAILED_TEXT}
          <Box component="strong" sx={{ display: 'block' }}>
            {REFUND_NOTICE}
          </Box>
        </Alert>
        {action}
      </MascotBubble>
    );
  } else {
    reply = (
      <MascotBubble speaking busy>
        {message.response ? <ReplyText text={message.response} /> : null}
        <TypingIndicator />
      </MascotBubble>
    );
  }
  return (
    <Box component="article" sx={{ display: 'grid', gap: 1 }}>
      <MemberBubble text={message.message} />
      {reply}
    </Box>
  );
}
