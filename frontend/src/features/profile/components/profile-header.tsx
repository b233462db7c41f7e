import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import EventOutlinedIcon from '@mui/icons-material/EventOutlined';
import PlaceOutlinedIcon from '@mui/icons-material/PlaceOutlined';
import ScheduleOutlinedIcon from '@mui/icons-material/ScheduleOutlined';
import SettingsOutlinedIcon from '@mui/icons-material/SettingsOutlined';
import { Link as RouterLink } from 'react-router';

import { paths } from '@/config/paths';
import type { ProfilePerson } from '@/features/profile/components/profile-person';
import { hourDependentLabels } from '@/lib/bazi-details';
import { formatCalendarDate } from '@/lib/dates';
import { nightSky, starField } from '@/theme/palette';

/** The birth time when it was skipped: unknown, and the time the chart uses instead. */
export const UNKNOWN_TIME_LABEL = '不明（12:00で計算）';

/** Family name first, as Japanese names are written; the username when no name is given. */
export function displayName(person: Pick<ProfilePerson, 'firstName' | 'lastName' | 'username'>): string {
  const name = [person.lastName, person.firstName].filter((part) => part && part.trim() !== '').join(' ');
  return name || person.username || 'あなた';
}

type ProfileHeaderProps = {
  person: ProfilePerson;
  /** False when the chart says the birth time was not given (12:00 was assumed). */
  timeKnown: boolean;
  /** The chart's `hourDependent` (what the assumed 12:00 decides); empty until the chart is read. */
  hourDependent: string[];
};

/**
 * Which pillars and readings rest on the assumed 12:00, said once at the top of /profile (each tab
 * then marks its own results 参考).
 */
function UnknownTimeNote({ hourDependent }: { hourDependent: string[] }) {
  const labels = hourDependentLabels(hourDependent.length > 0 ? hourDependent : ['hour']);
  return (
    <Box
      component="p"
      role="note"
      data-testid="profile-hour-note"
      sx={{ m: 0, mt: 1.5, typography: 'body2', color: nightSky.muted, lineHeight: 1.7 }}
    >
      出生時刻が不明のため、12:00として計算しています。時刻で変わる{labels.join('・')}は参考としてご覧ください。毎日の運勢の理由やレポートでも、時刻に左右される部分には「参考」と表示します。
    </Box>
  );
}

/** The person, their birth data in one line, and the way to /settings. */
export function ProfileHeader({ person, timeKnown, hourDependent }: ProfileHeaderProps) {
  const name = displayName(person);
  const hasName = name !== person.username && name !== 'あなた';
  // The account says so; a chart built from an unknown time says so too.
  const timeUnknown = Boolean(person.birthDate) && (person.birthTimeUnknown || !timeKnown || !person.birthTime);
  const time = !person.birthDate ? '未登録' : timeUnknown ? UNKNOWN_TIME_LABEL : person.birthTime;
  const facts = [
    { term: '生年月日', value: person.birthDate ? formatCalendarDate(person.birthDate) : '未登録', Icon: EventOutlinedIcon, id: 'date' },
    { term: '出生時刻', value: time, Icon: ScheduleOutlinedIcon, id: 'time' },
    { term: '出生地', value: person.birthLocation || '未登録', Icon: PlaceOutlinedIcon, id: 'place' },
  ];

  return (
    <Box
      component="header"
      data-testid="profile-header"
      sx={{
        position: 'relative',
        color: nightSky.text,
        background: `${starField}, linear-gradient(160deg, ${nightSky.mid} 0%, ${nightSky.base} 70%)`,
        borderRadius: { xs: 0, sm: 4 },
        mx: { xs: -1.5, sm: 0 },
        px: { xs: 2.5, sm: 4 },
        pt: { xs: 3, sm: 4 },
        pb: { xs: 2.5, sm: 3.5 },
      }}
    >
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, pr: { xs: 7, sm: 14 } }}>
        <Avatar
          src={person.profileImageUrl ?? undefined}
          alt=""
          sx={{
            width: { xs: 56, sm: 72 },
            height: { xs: 56, sm: 72 },
            bgcolor: nightSky.glow,
            color: nightSky.text,
            fontSize: { xs: '1.5rem', sm: '1.875rem' },
            fontWeight: 700,
            border: `2px solid ${nightSky.gold}`,
          }}
        >
          {name.slice(0, 1)}
        </Avatar>
        <Box sx={{ minWidth: 0 }}>
          <Typography variant="h1" sx={{ fontSize: { xs: '1.5rem', sm: '2rem' }, letterSpacing: '0.06em' }}>
            {name}
          </Typography>
          {hasName && person.username ? (
            <Typography variant="body2" sx={{ color: nightSky.muted }}>
              @{person.username}
            </Typography>
          ) : null}
        </Box>
      </Box>

      <Box
        component="dl"
        aria-label="出生データ"
        sx={{ display: 'flex', flexWrap: 'wrap', columnGap: 2.5, rowGap: 0.75, m: 0, mt: 2.5 }}
      >
        {facts.map(({ term, value, Icon, id }) => (
          <Box key={id} sx={{ display: 'flex', alignItems: 'center', gap: 0.75, minWidth: 0 }}>
            <Box component="dt" sx={{ display: 'flex' }}>
              <Icon aria-hidden="true" sx={{ fontSize: '1.125rem', color: nightSky.gold }} />
              <span className="visually-hidden">{term}</span>
            </Box>
            <Box component="dd" data-testid={`profile-birth-${id}`} sx={{ m: 0, typography: 'body2', fontWeight: 700 }}>
              {value}
            </Box>
          </Box>
        ))}
      </Box>
      {timeUnknown ? <UnknownTimeNote hourDependent={hourDependent} /> : null}

      <Button
        component={RouterLink}
        to={paths.settings}
        data-tour="profile-settings"
        variant="outlined"
        size="small"
        startIcon={<SettingsOutlinedIcon aria-hidden="true" />}
        sx={{
          position: 'absolute',
          top: { xs: 16, sm: 24 },
          right: { xs: 16, sm: 24 },
          color: nightSky.text,
          borderColor: 'rgba(246, 241, 230, 0.5)',
          '&:hover': { borderColor: nightSky.gold, bgcolor: 'rgba(246, 241, 230, 0.08)' },
        }}
      >
        設定
      </Button>
    </Box>
  );
}
