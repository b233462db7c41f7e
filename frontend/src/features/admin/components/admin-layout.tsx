import { useState, type ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Divider from '@mui/material/Divider';
import Drawer from '@mui/material/Drawer';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import BadgeOutlinedIcon from '@mui/icons-material/BadgeOutlined';
import DashboardOutlinedIcon from '@mui/icons-material/DashboardOutlined';
import HistoryOutlinedIcon from '@mui/icons-material/HistoryOutlined';
import MenuIcon from '@mui/icons-material/Menu';
import GroupOutlinedIcon from '@mui/icons-material/GroupOutlined';
import SupportAgentOutlinedIcon from '@mui/icons-material/SupportAgentOutlined';
import TimerOutlinedIcon from '@mui/icons-material/TimerOutlined';
import { NavLink, useLocation } from 'react-router';

import { adminPaths } from '@/config/admin-paths';
import { adminLogout } from '@/features/admin/api/auth';
import { useSignedInAdmin } from '@/features/admin/hooks/use-signed-in-admin';
import { clearAllDrafts } from '@/features/admin/stores/drafts';
import { ROLE_LABELS } from '@/features/admin/utils/labels';
import { formatRemaining, SESSION_WARNING_MS } from '@/features/admin/utils/session-time';

const DRAWER_WIDTH = 224;

/** The side navigation: the screens of this slice and the ones later slices fill in (placeholders until then). */
const NAV_ITEMS = [
  { label: 'ダッシュボード', to: adminPaths.dashboard, icon: <DashboardOutlinedIcon /> },
  { label: 'ユーザー', to: adminPaths.users, icon: <GroupOutlinedIcon /> },
  { label: 'お問い合わせ', to: adminPaths.tickets, icon: <SupportAgentOutlinedIcon /> },
  { label: '監査ログ', to: adminPaths.auditLog, icon: <HistoryOutlinedIcon /> },
  { label: 'スタッフ', to: adminPaths.staff, icon: <BadgeOutlinedIcon /> },
] as const;

function isCurrent(pathname: string, to: string): boolean {
  return pathname === to || pathname.startsWith(`${to}/`);
}

function NavItems({ onNavigate }: { onNavigate?: () => void }) {
  const { pathname } = useLocation();
  return (
    <List>
      {NAV_ITEMS.map((item) => (
        // An <li> around each link: a list holds only items.
        <ListItem key={item.to} disablePadding>
          <ListItemButton component={NavLink} to={item.to} selected={isCurrent(pathname, item.to)} onClick={onNavigate}>
            <ListItemIcon sx={{ minWidth: 40 }} aria-hidden="true">
              {item.icon}
            </ListItemIcon>
            <ListItemText primary={item.label} />
          </ListItemButton>
        </ListItem>
      ))}
    </List>
  );
}

/** Who is signed in: the e-mail and the role (管理者 / サポート). */
function StaffIdentity({ email, role }: { email: string; role: keyof typeof ROLE_LABELS }) {
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, minWidth: 0 }}>
      <Typography variant="body2" noWrap title={email} sx={{ minWidth: 0 }}>
        {email}
      </Typography>
      <Chip size="small" label={ROLE_LABELS[role]} variant="outlined" sx={{ color: 'inherit', borderColor: 'currentColor' }} />
    </Box>
  );
}

/**
 * The frame of every signed-in admin screen: the app bar (the session's time left, who is signed in, ログアウト)
 * and the side navigation, a permanent drawer from md up and a menu behind the app bar's button below that
 * (phones). A few minutes before the token runs out a warning says so; when it has, the guard leads to the
 * login. Screens render their own `<main>`.
 */
export function AdminLayout({ children }: { children: ReactNode }) {
  const { session, remainingMs } = useSignedInAdmin();
  const [menuOpen, setMenuOpen] = useState(false);
  const { admin } = session;
  const warn = remainingMs <= SESSION_WARNING_MS;

  const signOut = () => {
    clearAllDrafts();
    void adminLogout();
  };

  return (
    <Box sx={{ display: 'flex', minHeight: '100dvh' }}>
      <AppBar
        position="fixed"
        elevation={0}
        // Above the permanent drawer (md and up); below a phone's menu, which covers the whole screen.
        sx={(theme) => ({ zIndex: { md: theme.zIndex.drawer + 1 } })}
      >
        <Toolbar sx={{ gap: 1.5 }}>
          <IconButton
            color="inherit"
            edge="start"
            aria-label="メニューを開く"
            aria-expanded={menuOpen}
            onClick={() => setMenuOpen(true)}
            sx={{ display: { md: 'none' } }}
          >
            <MenuIcon />
          </IconButton>
          <Typography component="div" sx={{ fontWeight: 700, display: { xs: 'none', sm: 'block' }, whiteSpace: 'nowrap' }}>
            Meguri 管理画面
          </Typography>
          <Box sx={{ flexGrow: 1 }} />
          <Chip
            icon={<TimerOutlinedIcon aria-hidden="true" />}
            label={`セッション残り ${formatRemaining(remainingMs)}`}
            color={warn ? 'warning' : 'default'}
            sx={warn ? undefined : { bgcolor: 'rgba(255,255,255,0.16)', color: 'inherit', '& .MuiChip-icon': { color: 'inherit' } }}
          />
          <Box sx={{ display: { xs: 'none', sm: 'block' }, minWidth: 0, maxWidth: 280 }}>
            <StaffIdentity email={admin.email} role={admin.role} />
          </Box>
          <Button color="inherit" onClick={signOut} sx={{ whiteSpace: 'nowrap', flexShrink: 0 }}>
            ログアウト
          </Button>
        </Toolbar>
      </AppBar>
      <Box component="nav" aria-label="管理メニュー" sx={{ width: { md: DRAWER_WIDTH }, flexShrink: { md: 0 } }}>
        <Drawer
          variant="temporary"
          open={menuOpen}
          onClose={() => setMenuOpen(false)}
          sx={{ display: { xs: 'block', md: 'none' }, '& .MuiDrawer-paper': { width: DRAWER_WIDTH } }}
        >
          <Box sx={{ p: 2 }}>
            <Typography sx={{ fontWeight: 700, mb: 1 }}>Meguri 管理画面</Typography>
            <StaffIdentity email={admin.email} role={admin.role} />
          </Box>
          <Divider />
          <NavItems onNavigate={() => setMenuOpen(false)} />
        </Drawer>
        <Drawer
          variant="permanent"
          open
          sx={{ display: { xs: 'none', md: 'block' }, '& .MuiDrawer-paper': { width: DRAWER_WIDTH, boxSizing: 'border-box' } }}
        >
          <Toolbar />
          <NavItems />
        </Drawer>
      </Box>
      <Box sx={{ flexGrow: 1, minWidth: 0 }}>
        <Toolbar />
        {warn ? (
          <Alert severity="warning" sx={{ borderRadius: 0 }}>
            まもなくセッションの有効期限が切れます。期限が切れたらもう一度ログインしてください（入力中の返信やメモはこのタブに残ります）
          </Alert>
        ) : null}
        {children}
      </Box>
    </Box>
  );
}
