import { useId, useRef } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import IosShareIcon from '@mui/icons-material/IosShare';

import { toast } from '@/components/ui/toast/toast-store';
import { paths } from '@/config/paths';
import { inviteLinkFor } from '@/features/friends/utils/members';

type InviteLinkCardProps = {
  /** The signed-in member's id: the link is their own invite page. */
  userId: string;
};

const SHARE_TEXT = 'Meguri（巡り）で、ふたりの相性や毎日の流れを一緒に見てみませんか？';

function isAbort(error: unknown): boolean {
  return error instanceof DOMException && error.name === 'AbortError';
}

/**
 * The member's own invite link (`{origin}/invite/{userId}`): copied to the clipboard, or handed to the
 * device's share sheet where there is one. Whoever signs up through it gets a friend request to the
 * member once their e-mail is verified.
 */
export function InviteLinkCard({ userId }: InviteLinkCardProps) {
  const titleId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const link = inviteLinkFor(window.location.origin, paths.invite.href(userId));
  const canShare = typeof navigator.share === 'function';

  const copy = async () => {
    try {
      if (!navigator.clipboard) throw new Error('no clipboard');
      await navigator.clipboard.writeText(link);
      toast({ title: 'リンクをコピーしました', description: '招待したい人に送ってください' });
    } catch {
      // Select the link so it can be copied by hand.
      inputRef.current?.focus();
      inputRef.current?.select();
      toast({ variant: 'destructive', title: 'コピーできませんでした', description: 'リンクを選択したので、手動でコピーしてください' });
    }
  };

  const share = async () => {
    try {
      await navigator.share({ title: 'Meguri 巡り', text: SHARE_TEXT, url: link });
    } catch (error) {
      if (!isAbort(error)) toast({ variant: 'destructive', title: 'シェアエラー', description: 'シェアに失敗しました' });
    }
  };

  return (
    <Paper component="section" variant="outlined" aria-labelledby={titleId} sx={{ p: { xs: 2, sm: 2.5 } }}>
      <Typography id={titleId} variant="h2" sx={{ fontSize: '1.05rem', mb: 0.5 }}>
        友だちを招待
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
        このリンクから登録した人には、メール認証のあと自動であなたへのフレンド申請が届きます。
      </Typography>
      <TextField
        label="あなたの招待リンク"
        value={link}
        fullWidth
        size="small"
        inputRef={inputRef}
        slotProps={{ htmlInput: { readOnly: true, 'data-testid': 'invite-link' } }}
        onFocus={(event) => event.target.select()}
      />
      <Box sx={{ display: 'flex', gap: 1, mt: 1.5, flexWrap: 'wrap' }}>
        <Button variant="contained" startIcon={<ContentCopyIcon />} onClick={() => void copy()}>
          リンクをコピー
        </Button>
        {canShare ? (
          <Button variant="outlined" startIcon={<IosShareIcon />} onClick={() => void share()}>
            シェア
          </Button>
        ) : null}
      </Box>
    </Paper>
  );
}
