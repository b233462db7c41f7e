import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';

import { Link } from '@/components/ui/link';
import { DISCLOSURE_CONTACT, TOKUSHOHO_ITEMS, TOKUSHOHO_TITLE } from '@/features/shop/data/tokushoho';

type TokushohoPageProps = {
  /** Where the back link leads (the shop for a member, the top page for a visitor) and what it says. */
  back: { to: string; label: string };
  /** The support window DISCLOSURE_CONTACT names: /settings' お問い合わせ for a member, login for a visitor. */
  contact: { to: string; label: string };
};

/** /legal/tokushoho, open to everyone: the seller's disclosures for the credit packs, as a list of terms. */
export function TokushohoPage({ back, contact }: TokushohoPageProps) {
  return (
    <Container component="main" maxWidth="md" sx={{ py: { xs: 3, sm: 5 }, px: { xs: 1.5, sm: 3 } }}>
      <Link to={back.to} sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5, mb: 2 }}>
        <ArrowBackIcon fontSize="small" aria-hidden="true" />
        {back.label}
      </Link>
      <Typography variant="h1" sx={{ mb: 3, fontSize: { xs: '1.6rem', sm: '2.25rem' } }}>
        {TOKUSHOHO_TITLE}
      </Typography>
      <Box
        component="dl"
        sx={{
          m: 0,
          display: 'grid',
          gridTemplateColumns: { xs: '1fr', sm: '12rem 1fr' },
          border: 1,
          borderColor: 'divider',
          borderRadius: 2,
          overflow: 'hidden',
          bgcolor: 'background.paper',
        }}
      >
        {TOKUSHOHO_ITEMS.map((item, index) => (
          <Box key={item.term} sx={{ display: 'contents' }}>
            <Typography
              component="dt"
              sx={{
                fontWeight: 700,
                px: 2,
                pt: 1.5,
                pb: { xs: 0.5, sm: 1.5 },
                bgcolor: 'rgba(200, 146, 58, 0.08)',
                borderTop: index === 0 ? 0 : { xs: 1, sm: 1 },
                borderColor: 'divider',
              }}
            >
              {item.term}
            </Typography>
            <Box
              component="dd"
              sx={{ m: 0, px: 2, pt: { xs: 0.5, sm: 1.5 }, pb: 1.5, borderTop: { xs: 0, sm: index === 0 ? 0 : 1 }, borderColor: 'divider' }}
            >
              {item.details.map((line) => (
                <Typography key={line} sx={{ '& + &': { mt: 0.5 } }}>
                  {line}
                </Typography>
              ))}
            </Box>
          </Box>
        ))}
      </Box>
      <Typography variant="body2" color="text.secondary" sx={{ mt: 2 }}>
        {DISCLOSURE_CONTACT}
      </Typography>
      <Typography variant="body2" sx={{ mt: 1 }}>
        <Link to={contact.to}>{contact.label}</Link>
      </Typography>
    </Container>
  );
}
