import type { ComponentType } from 'react';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { SvgIconProps } from '@mui/material/SvgIcon';
import AccountCircleOutlinedIcon from '@mui/icons-material/AccountCircleOutlined';
import HomeOutlinedIcon from '@mui/icons-material/HomeOutlined';
import MenuBookOutlinedIcon from '@mui/icons-material/MenuBookOutlined';
import PeopleAltOutlinedIcon from '@mui/icons-material/PeopleAltOutlined';
import { Link as RouterLink, useLocation } from 'react-router';

import { CrystalBallIcon } from '@/components/layouts/crystal-ball-icon';
import { paths } from '@/config/paths';
import { nightSky } from '@/theme/palette';

/** Height of the bar itself; the phone's safe-area inset comes on top of it. */
export const BOTTOM_NAV_HEIGHT_PX = 64;
/** How far the crystal ball rises above the bar. */
export const BOTTOM_NAV_RISE_PX = 20;

type NavItem = {
  to: string;
  label: string;
  /** The onboarding tour's target name (data-tour). */
  tour: string;
  /** Other paths that show the same screen. */
  aliases?: readonly string[];
  Icon?: ComponentType<SvgIconProps>;
};

const ITEMS: readonly NavItem[] = [
  { to: paths.home, label: 'ホーム', tour: 'nav-home', aliases: [paths.homeAlias], Icon: HomeOutlinedIcon },
  { to: paths.friends, label: '友だち', tour: 'nav-friends', Icon: PeopleAltOutlinedIcon },
  { to: paths.chat, label: 'チャット', tour: 'nav-chat' },
  { to: paths.diary, label: '日記', tour: 'nav-diary', Icon: MenuBookOutlinedIcon },
  { to: paths.profile, label: 'マイフロー', tour: 'nav-profile', Icon: AccountCircleOutlinedIcon },
];

function isActive(item: NavItem, pathname: string): boolean {
  const current = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  return current === item.to || (item.aliases ?? []).includes(current);
}

/**
 * The signed-in app's bottom navigation (spec §2): home, friends, the chat as a raised crystal ball in
 * the middle, diary and "my flow" (profile). The link of the screen on show carries aria-current.
 */
export function BottomNav() {
  const { pathname } = useLocation();
  return (
    <Box
      component="nav"
      aria-label="メインメニュー"
      sx={(theme) => ({
        position: 'fixed',
        left: 0,
        right: 0,
        bottom: 0,
        zIndex: theme.zIndex.appBar,
        bgcolor: 'rgba(255, 255, 255, 0.96)',
        backdropFilter: 'blur(10px)',
        borderTop: '1px solid',
        borderColor: 'divider',
        boxShadow: '0 -6px 24px -18px rgba(31, 26, 61, 0.45)',
        paddingBottom: 'env(safe-area-inset-bottom, 0px)',
      })}
    >
      <Box
        component="ul"
        sx={{
          listStyle: 'none',
          m: 0,
          mx: 'auto',
          p: 0,
          maxWidth: 560,
          height: BOTTOM_NAV_HEIGHT_PX,
          display: 'grid',
          gridTemplateColumns: 'repeat(5, 1fr)',
        }}
      >
        {ITEMS.map((item) => (
          <Box component="li" key={item.tour} sx={{ display: 'flex', minWidth: 0 }}>
            {item.Icon ? (
              <PlainItem item={item} Icon={item.Icon} active={isActive(item, pathname)} />
            ) : (
              <CrystalBallItem item={item} active={isActive(item, pathname)} />
            )}
          </Box>
        ))}
      </Box>
    </Box>
  );
}

type ItemProps = { item: NavItem; active: boolean };

function PlainItem({ item, active, Icon }: ItemProps & { Icon: ComponentType<SvgIconProps> }) {
  return (
    <Box
      component={RouterLink}
      to={item.to}
      data-tour={item.tour}
      aria-current={active ? 'page' : undefined}
      sx={{
        flex: 1,
        display: 'flex',
        flexDirection: 'column',
        alignItems: 'center',
        justifyContent: 'center',
        gap: 0.25,
        minWidth: 0,
        textDecoration: 'none',
        borderRadius: 3,
        color: active ? 'primary.main' : 'text.secondary',
        '&:hover': { color: 'primary.main' },
      }}
    >
      <Box
        component="span"
        sx={{
          display: 'grid',
          placeItems: 'center',
          width: 44,
          height: 28,
          borderRadius: 999,
          bgcolor: active ? 'rgba(61, 52, 120, 0.1)' : 'transparent',
          transition: 'background-color 150ms ease',
        }}
      >
        <Icon fontSize="small" aria-hidden="true" />
      </Box>
      <Typography component="span" sx={{ fontSize: '0.7rem', fontWeight: active ? 700 : 500, lineHeight: 1.2, whiteSpace: 'nowrap' }}>
        {item.label}
      </Typography>
    </Box>
  );
}

function CrystalBallItem({ item, active }: ItemProps) {
  return (
    <Box
      component={RouterLink}
      to={item.to}
      data-tour={item.tour}
      aria-current={active ? 'page' : undefined}
      sx={{
        flex: 1,
        display: 'flex',
        flexDirection: 'column',
        alignItems: 'center',
        justifyContent: 'flex-end',
        pb: 0.75,
        textDecoration: 'none',
        borderRadius: 3,
        color: active ? 'primary.main' : 'text.secondary',
        '&:hover .crystal-ball, &:focus-visible .crystal-ball': { transform: 'translateY(-2px)' },
      }}
    >
      <Box
        component="span"
        className="crystal-ball"
        sx={{
          display: 'grid',
          placeItems: 'center',
          width: 60,
          height: 60,
          mt: `-${BOTTOM_NAV_RISE_PX + 8}px`,
          mb: 0.25,
          borderRadius: '50%',
          background: `radial-gradient(circle at 50% 30%, ${nightSky.glow} 0%, ${nightSky.mid} 55%, ${nightSky.deep} 100%)`,
          border: '3px solid',
          borderColor: active ? nightSky.gold : '#ffffff',
          boxShadow: active
            ? `0 0 0 3px rgba(232, 191, 116, 0.35), 0 10px 22px -8px rgba(36, 29, 82, 0.7)`
            : '0 10px 22px -8px rgba(36, 29, 82, 0.7)',
          transition: 'transform 150ms ease, border-color 150ms ease',
        }}
      >
        <CrystalBallIcon size={38} />
      </Box>
      <Typography component="span" sx={{ fontSize: '0.7rem', fontWeight: active ? 700 : 500, lineHeight: 1.2 }}>
        {item.label}
      </Typography>
    </Box>
  );
}
