import Box from '@mui/material/Box';

import { mentionSegments } from '@/features/diary/utils/mentions';

type MentionTextProps = {
  text: string;
  /** The usernames the entry's mentions resolved to; without it every `@handle` is highlighted. */
  known?: readonly string[];
};

/** A diary text as written (line breaks kept), its `@handles` highlighted. */
export function MentionText({ text, known }: MentionTextProps) {
  return (
    <Box component="span" sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
      {mentionSegments(text, known).map((segment, index) =>
        segment.mention ? (
          <Box
            component="mark"
            key={index}
            data-testid="mention"
            sx={{ bgcolor: 'rgba(106, 95, 176, 0.14)', color: 'primary.dark', fontWeight: 700, borderRadius: 1, px: 0.25 }}
          >
            {segment.text}
          </Box>
        ) : (
          <span key={index}>{segment.text}</span>
        ),
      )}
    </Box>
  );
}
