import { act, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';

import HomeRoute from '@/app-web/routes/home';
import { AppRoutes } from '@/app-web/router';
import type { User } from '@/features/auth/api/get-user';
import type { DailyReading } from '@/features/home/api/get-daily-fortune';
import type { FriendUpdate } from '@/features/home/api/get-friend-updates';
import { apiError, mockSession } from '@/testing/mocks/accounts';
import { sampleUser } from '@/testing/mocks/data';
import { sampleReading } from '@/testing/mocks/readings';
import { server } from '@/testing/mocks/server';
import { renderApp } from '@/testing/test-utils';

/** Signs `user` in on the mocked gateway and opens home. */
function renderHome(user: User = sampleUser) {
  const session = mockSession(user);
  return { session, ...renderApp(<AppRoutes />, { route: '/' }) };
}

function serveReading(reading: Partial<DailyReading>) {
  server.use(http.get('/api/fortune/daily', () => HttpResponse.json({ ...sampleReading, ...reading })));
}

/** Counts requests per "METHOD /path" and keeps their URLs and bodies. */
function recordRequests() {
  const log: { key: string; url: URL; body: Promise<unknown> }[] = [];
  server.events.on('request:start', ({ request }) => {
    const url = new URL(request.url);
    const body = request.method === 'GET' ? Promise.resolve(undefined) : request.clone().json();
    log.push({ key: `${request.method} ${url.pathname}`, url, body });
  });
  return {
    count: (key: string) => log.filter((entry) => entry.key === key).length,
    all: (key: string) => log.filter((entry) => entry.key === key),
  };
}

/**
 * Waits for `check` to pass while setTimeout is faked (the poll and the redirect run on it). Testing
 * Library's findBy/waitFor drain with a real setTimeout(0) and would hang, so this yields with
 * setImmediate, which stays real, until a real-time deadline.
 */
async function until(check: () => void, timeoutMs = 5000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      check();
      return;
    } catch (error) {
      if (Date.now() > deadline) throw error;
    }
    await act(() => new Promise<void>((resolve) => setImmediate(resolve)));
  }
}

const fakeTimeouts = () => vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });

const fortuneSection = () => screen.findByRole('region', { name: '今日の運勢' });
const dosDontsSection = () => screen.findByRole('region', { name: '今日の心がけ' });

afterEach(() => {
  vi.useRealTimers();
  server.events.removeAllListeners();
});

describe('home: who sees what', () => {
  it('tells a signed-out visitor and goes to the landing page after 500 ms', async () => {
    fakeTimeouts();
    mockSession(null);
    renderApp(
      <Routes>
        <Route path="/home" element={<HomeRoute />} />
        <Route path="/" element={<h1>ランディング</h1>} />
      </Routes>,
      { route: '/home' },
    );

    await until(() => expect(screen.getByRole('alert')).toHaveTextContent('Unauthorized'));
    expect(screen.getByRole('alert')).toHaveTextContent('You are logged out. Redirecting...');

    await act(() => vi.advanceTimersByTimeAsync(499));
    expect(screen.queryByRole('heading', { name: 'ランディング' })).not.toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(screen.getByRole('heading', { name: 'ランディング' })).toBeInTheDocument();
  });

  it.each([
    ['a birth date', { birthDate: null }],
    ['a username', { username: null }],
  ])('asks someone without %s to set up the profile first, and reads nothing', async (_what, missing) => {
    const requests = recordRequests();
    renderHome({ ...sampleUser, ...missing });

    expect(await screen.findByRole('heading', { level: 1, name: 'プロフィールを設定しましょう' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'プロフィールを設定する' })).toHaveAttribute('href', '/profile');
    expect(requests.count('GET /api/fortune/daily')).toBe(0);
  });

  it('shows the reading, the badges, the dos and the friends section to someone whose chart is ready', async () => {
    renderHome();

    const fortune = await fortuneSection();
    expect(fortune).toHaveAttribute('data-tour', 'daily-fortune');
    expect(await within(fortune).findByText('人との縁が運を運ぶ日。')).toBeInTheDocument();
    expect((await dosDontsSection())).toHaveAttribute('data-tour', 'dos-donts');
    expect(await screen.findByRole('button', { name: '天赦日' })).toBeInTheDocument();
    expect(await screen.findByRole('region', { name: '友だちの今日' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'ショップへ' })).toHaveAttribute('href', '/shop');
    expect(screen.getByText(/hanakoさん/)).toBeInTheDocument();
  });
});

describe('home: while the chart is being built', () => {
  it.each(['pending', 'generating'])(
    'shows the spinner while %s, reads the user every 3 s, and stops once the chart is ready',
    async (status) => {
      fakeTimeouts();
      const requests = recordRequests();
      const { session } = renderHome({ ...sampleUser, baziChartStatus: status });

      await until(() => expect(screen.getByRole('region', { name: '今日の運勢' })).toHaveTextContent('未来を覗き見中...'));
      expect(requests.count('GET /api/auth/user')).toBe(1);
      expect(requests.count('GET /api/fortune/daily')).toBe(0);

      await act(() => vi.advanceTimersByTimeAsync(2999));
      expect(requests.count('GET /api/auth/user')).toBe(1);
      await act(() => vi.advanceTimersByTimeAsync(1));
      await until(() => expect(requests.count('GET /api/auth/user')).toBe(2));
      expect(screen.getByText('未来を覗き見中...')).toBeInTheDocument();

      session.signIn({ ...sampleUser, baziChartStatus: 'ready' });
      await act(() => vi.advanceTimersByTimeAsync(3000));
      await until(() => expect(screen.getByText('人との縁が運を運ぶ日。')).toBeInTheDocument());
      expect(requests.count('GET /api/auth/user')).toBe(3);
      expect(screen.queryByText('未来を覗き見中...')).not.toBeInTheDocument();
      expect(requests.count('GET /api/fortune/daily')).toBe(1);

      await act(() => vi.advanceTimersByTimeAsync(9000));
      expect(requests.count('GET /api/auth/user')).toBe(3);
    },
  );

  it('keeps the dos and don\'ts panel in place (a tour target) while waiting', async () => {
    renderHome({ ...sampleUser, baziChartStatus: 'generating' });

    const panel = await dosDontsSection();
    expect(panel).toHaveAttribute('data-tour', 'dos-donts');
    expect(within(panel).getByText(/命式が整うと/)).toBeInTheDocument();
  });

  it('treats 409 CHART_NOT_READY from the reading as still building and asks again with the user', async () => {
    fakeTimeouts();
    let ready = false;
    server.use(
      http.get('/api/fortune/daily', () =>
        ready
          ? HttpResponse.json(sampleReading)
          : apiError(409, 'CHART_NOT_READY', '命式を準備しています。しばらくしてからもう一度お試しください'),
      ),
    );
    const requests = recordRequests();
    renderHome();

    await until(() => expect(screen.getByRole('region', { name: '今日の運勢' })).toHaveTextContent('未来を覗き見中...'));
    await until(() => expect(requests.count('GET /api/fortune/daily')).toBe(1));
    expect(screen.queryByText('エラーが発生しました')).not.toBeInTheDocument();

    await act(() => vi.advanceTimersByTimeAsync(3000));
    await until(() => expect(requests.count('GET /api/fortune/daily')).toBe(2));
    expect(requests.count('GET /api/auth/user')).toBe(2);
    expect(screen.getByText('未来を覗き見中...')).toBeInTheDocument();

    ready = true;
    await act(() => vi.advanceTimersByTimeAsync(3000));
    await until(() => expect(screen.getByText('人との縁が運を運ぶ日。')).toBeInTheDocument());
    const reads = requests.count('GET /api/auth/user');
    await act(() => vi.advanceTimersByTimeAsync(9000));
    expect(requests.count('GET /api/auth/user')).toBe(reads);
    expect(requests.count('GET /api/fortune/daily')).toBe(3);
  });

  it('says honestly when the chart could not be built, and offers the birth data in settings', async () => {
    const requests = recordRequests();
    renderHome({ ...sampleUser, baziChartStatus: 'failed' });

    const fortune = await fortuneSection();
    expect(await within(fortune).findByText('命式をまだお作りできていません')).toBeInTheDocument();
    expect(within(fortune).getByText(/いま自動でやり直しています/)).toBeInTheDocument();
    expect(within(fortune).getByRole('link', { name: '出生情報を確認する' })).toHaveAttribute('href', '/settings');
    expect(requests.count('GET /api/fortune/daily')).toBe(0);
  });

  it('checks the chart again on request after a failure', async () => {
    const { session, user } = renderHome({ ...sampleUser, baziChartStatus: 'failed' });
    const again = await screen.findByRole('button', { name: 'もう一度確認する' });
    session.signIn({ ...sampleUser, baziChartStatus: 'ready' });

    await user.click(again);

    expect(await screen.findByText('人との縁が運を運ぶ日。')).toBeInTheDocument();
  });
});

describe('home: the daily fortune', () => {
  it("asks for today's reading with the browser's time zone offset, and fetches the badges once", async () => {
    const requests = recordRequests();
    renderHome();

    expect(await screen.findByText('人との縁が運を運ぶ日。')).toBeInTheDocument();
    const [daily] = requests.all('GET /api/fortune/daily');
    expect(daily?.url.searchParams.get('timezoneOffset')).toBe(String(new Date().getTimezoneOffset()));
    await waitFor(() => expect(requests.count('GET /api/fortune/badges')).toBe(1));
    expect(requests.count('GET /api/friend-updates')).toBe(1);
  });

  it("shows a fortune with '|' as two lines, and one without as one", async () => {
    renderHome();

    const text = await screen.findByTestId('daily-fortune-text');
    await waitFor(() => expect(within(text).getAllByRole('paragraph')).toHaveLength(2));
    const lines = within(text).getAllByRole('paragraph').map((p) => p.textContent);
    expect(lines).toEqual(['人との縁が運を運ぶ日。', '午後は肩の力を抜いて、流れに身をまかせて。']);
    expect(text).not.toHaveTextContent('|');
  });

  it('shows a single-line fortune as one line', async () => {
    serveReading({ fortune: 'ゆっくり整える日。' });
    renderHome();

    const text = await screen.findByTestId('daily-fortune-text');
    expect(within(text).getAllByRole('paragraph').map((p) => p.textContent)).toEqual(['ゆっくり整える日。']);
  });

  it('shows the day pillar and, on request, the reasons behind the reading', async () => {
    const { user } = renderHome();
    const fortune = await fortuneSection();
    expect(await within(fortune).findByText('甲子')).toBeInTheDocument();

    const why = within(fortune).getByRole('button', { name: 'なぜこの運勢？' });
    expect(why).toHaveAttribute('aria-expanded', 'false');
    expect(within(fortune).queryByText('今日の干: 偏財')).not.toBeVisible();

    await user.click(why);
    expect(why).toHaveAttribute('aria-expanded', 'true');
    expect(within(fortune).getByText('今日の干: 偏財')).toBeVisible();
    expect(within(fortune).getByText(/人やお金の動きが活発になります/)).toBeVisible();
  });

  it('marks the reasons that rest on an unknown birth time as 参考', async () => {
    serveReading({
      reasons: [
        ...sampleReading.reasons,
        {
          kind: 'elements',
          label: '五行: 追い風',
          detail: '今日の干支「甲子」は木と水の組み合わせで、あなたの助けになる木の気が巡る、追い風の日です。',
          hourDependent: true,
        },
      ],
    });
    const { user } = renderHome();
    const fortune = await fortuneSection();

    await user.click(await within(fortune).findByRole('button', { name: 'なぜこの運勢？' }));

    const marks = within(fortune).getAllByTestId('reason-reference-mark');
    expect(marks).toHaveLength(1);
    expect(marks[0]?.closest('dt')).toHaveTextContent('五行: 追い風（時刻不明のため参考）');
    expect(within(fortune).getByText('今日の干: 偏財').closest('dt')).toHaveTextContent(/^今日の干: 偏財$/);
  });

  it.each([
    ['fails', () => apiError(500, 'INTERNAL', '内部エラーが発生しました')],
    ['is empty', () => HttpResponse.json({ ...sampleReading, fortune: '', dos: [], donts: [] })],
  ])('shows the error messages when the reading %s', async (_what, answer) => {
    server.use(http.get('/api/fortune/daily', answer));
    renderHome();

    const fortune = await fortuneSection();
    expect(await within(fortune).findByText('エラーが発生しました')).toBeInTheDocument();
    expect(within(fortune).getByText('ページをリロードしてください')).toBeInTheDocument();
    const panel = await dosDontsSection();
    expect(within(panel).getByText("Dos & Don'ts の読み込みに失敗しました")).toBeInTheDocument();
    expect(within(panel).getByText('ページをリロードしてください')).toBeInTheDocument();
  });

  it("shows the dos and don'ts error alone when both lists are empty", async () => {
    serveReading({ dos: [], donts: [] });
    renderHome();

    expect(await screen.findByText('人との縁が運を運ぶ日。')).toBeInTheDocument();
    expect(await within(await dosDontsSection()).findByText("Dos & Don'ts の読み込みに失敗しました")).toBeInTheDocument();
    expect(screen.queryByText('エラーが発生しました')).not.toBeInTheDocument();
  });

  it('reads again on request after a failure, without retrying by itself', async () => {
    let calls = 0;
    server.use(
      http.get('/api/fortune/daily', () => {
        calls += 1;
        return calls === 1 ? apiError(500, 'INTERNAL', '内部エラーが発生しました') : HttpResponse.json(sampleReading);
      }),
    );
    const { user } = renderHome();

    const fortune = await fortuneSection();
    await within(fortune).findByText('エラーが発生しました');
    expect(calls).toBe(1);
    await user.click(within(fortune).getByRole('button', { name: 'もう一度読み込む' }));

    expect(await within(fortune).findByText('人との縁が運を運ぶ日。')).toBeInTheDocument();
    expect(calls).toBe(2);
  });
});

describe('home: day-info badges', () => {
  it('shows at most three and toggles the description of the one chosen', async () => {
    const { user } = renderHome();

    const region = await screen.findByRole('region', { name: '今日の暦' });
    const badges = await within(region).findAllByRole('button');
    expect(badges.map((b) => b.textContent)).toEqual(['天赦日', '一粒万倍日', '大安']);
    const [tensha, ichiryu] = badges as [HTMLElement, HTMLElement];
    expect(tensha).toHaveAttribute('aria-pressed', 'false');
    expect(tensha).toHaveAttribute('aria-expanded', 'false');
    expect(within(region).queryByText(/最上の吉日/)).not.toBeInTheDocument();

    await user.click(tensha);
    expect(tensha).toHaveAttribute('aria-pressed', 'true');
    expect(tensha).toHaveAttribute('aria-expanded', 'true');
    expect(within(region).getByText(/最上の吉日/)).toBeInTheDocument();

    await user.click(ichiryu);
    expect(tensha).toHaveAttribute('aria-pressed', 'false');
    expect(within(region).queryByText(/最上の吉日/)).not.toBeInTheDocument();
    expect(within(region).getByText(/始めごとに向く日/)).toBeInTheDocument();

    await user.click(ichiryu);
    expect(ichiryu).toHaveAttribute('aria-pressed', 'false');
    expect(within(region).queryByText(/始めごとに向く日/)).not.toBeInTheDocument();
  });

  it('works from the keyboard', async () => {
    const { user } = renderHome();

    const tensha = await screen.findByRole('button', { name: '天赦日' });
    tensha.focus();
    await user.keyboard('{Enter}');
    expect(tensha).toHaveAttribute('aria-pressed', 'true');
    await user.keyboard(' ');
    expect(tensha).toHaveAttribute('aria-pressed', 'false');
  });

  it('shows nothing when the day has no badges', async () => {
    server.use(http.get('/api/day-info', () => HttpResponse.json([])));
    renderHome();

    expect(await screen.findByText('人との縁が運を運ぶ日。')).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: '今日の暦' })).not.toBeInTheDocument();
  });
});

describe("home: dos and don'ts", () => {
  it('switches with the tabs and shows at most three items each', async () => {
    const { user } = renderHome();

    const panel = await dosDontsSection();
    const dosTab = await within(panel).findByRole('tab', { name: 'するといいこと' });
    const dontsTab = within(panel).getByRole('tab', { name: '控えたいこと' });
    expect(dosTab).toHaveAttribute('aria-selected', 'true');
    const list = () => within(within(panel).getByRole('tabpanel')).getAllByRole('listitem').map((li) => li.textContent);
    expect(list()).toEqual(['朝のうちに連絡をひとつ返す', '温かいお茶でひと息つく', '気になっていた人に声をかける']);

    await user.click(dontsTab);
    expect(dontsTab).toHaveAttribute('aria-selected', 'true');
    expect(list()).toEqual(['勢いだけで大きな買い物をする', '予定を詰め込みすぎる', '寝る前にスマホを長く見る']);
  });

  it('turns to the other side when the panel is tapped', async () => {
    const { user } = renderHome();

    const panel = await dosDontsSection();
    const tabpanel = await within(panel).findByRole('tabpanel', { name: 'するといいこと' });
    await user.click(within(tabpanel).getByText('温かいお茶でひと息つく'));
    expect(within(panel).getByRole('tab', { name: '控えたいこと' })).toHaveAttribute('aria-selected', 'true');
    expect(within(panel).getByRole('tabpanel', { name: '控えたいこと' })).toHaveTextContent('予定を詰め込みすぎる');

    await user.click(within(panel).getByRole('tabpanel'));
    expect(within(panel).getByRole('tab', { name: 'するといいこと' })).toHaveAttribute('aria-selected', 'true');
  });
});

describe('home: rating the fortune', () => {
  it('sends a positive rating for the reading and marks it rated', async () => {
    const requests = recordRequests();
    const { user } = renderHome();

    const fortune = await fortuneSection();
    const up = await within(fortune).findByRole('button', { name: 'しっくりきた' });
    await user.click(up);

    expect(await within(fortune).findByText('ありがとうございます。評価を受け取りました。')).toBeInTheDocument();
    expect(up).toHaveAttribute('aria-pressed', 'true');
    const [post] = requests.all('POST /api/fortunes/rate');
    expect(await post?.body).toEqual({ fortuneType: 'daily', fortuneContentHash: sampleReading.contentHash, rating: 'positive' });
    expect(screen.queryByRole('textbox')).not.toBeInTheDocument();
  });

  it('takes the rating back when it cannot be sent', async () => {
    server.use(http.post('/api/fortunes/rate', () => apiError(500, 'INTERNAL', '内部エラーが発生しました')));
    const { user } = renderHome();

    const up = await screen.findByRole('button', { name: 'しっくりきた' });
    await user.click(up);

    expect(await screen.findByRole('alert')).toHaveTextContent('内部エラーが発生しました');
    expect(up).toHaveAttribute('aria-pressed', 'false');
    expect(screen.queryByText('ありがとうございます。評価を受け取りました。')).not.toBeInTheDocument();
  });

  it('opens a feedback box after a negative rating and sends its text when the box is closed', async () => {
    const requests = recordRequests();
    server.use(
      http.patch('/api/fortunes/rate', async ({ request }) =>
        HttpResponse.json({ id: 'rating-1', ...((await request.json()) as object), rating: 'negative' }),
      ),
    );
    const { user } = renderHome();

    await user.click(await screen.findByRole('button', { name: 'しっくりこない' }));
    const box = await screen.findByRole('textbox', { name: /しっくりきませんでしたか/ });
    await user.type(box, '仕事の話が多すぎました');
    expect(requests.count('PATCH /api/fortunes/rate')).toBe(0);

    await user.click(screen.getByRole('button', { name: '送信して閉じる' }));

    expect(screen.queryByRole('textbox')).not.toBeInTheDocument();
    await waitFor(() => expect(requests.count('PATCH /api/fortunes/rate')).toBe(1));
    const [patch] = requests.all('PATCH /api/fortunes/rate');
    expect(await patch?.body).toEqual({
      fortuneType: 'daily',
      fortuneContentHash: sampleReading.contentHash,
      feedbackText: '仕事の話が多すぎました',
    });
    expect(await screen.findByText('いただいた声を、これからの読み解きに活かします。')).toBeInTheDocument();
  });

  it('sends nothing when the feedback box is closed empty', async () => {
    const requests = recordRequests();
    const { user } = renderHome();

    await user.click(await screen.findByRole('button', { name: 'しっくりこない' }));
    await screen.findByRole('textbox', { name: /しっくりきませんでしたか/ });
    await user.type(screen.getByRole('textbox'), '   ');
    await user.click(screen.getByRole('button', { name: '閉じる' }));

    expect(screen.queryByRole('textbox')).not.toBeInTheDocument();
    expect(requests.count('POST /api/fortunes/rate')).toBe(1);
    expect(requests.count('PATCH /api/fortunes/rate')).toBe(0);
  });
});

describe('home: friend updates', () => {
  it('says how updates arrive when there are none yet', async () => {
    renderHome();

    const region = await screen.findByRole('region', { name: '友だちの今日' });
    expect(await within(region).findByText('友だちを追加すると、ここにみんなの今日の流れが届きます')).toBeInTheDocument();
    expect(within(region).getByRole('link', { name: '友だちを探す' })).toHaveAttribute('href', '/friends');
  });

  it('shows at most three updates, as bullets or as sentences', async () => {
    const friend = (firstName: string | null, username: string) => ({
      userId: `0193d1a2-7c1e-7000-8000-${username.padStart(12, '0').slice(-12)}`,
      firstName,
      username,
      profileImageUrl: null,
    });
    const updates: FriendUpdate[] = [
      { id: 'u1', text: 'はなこの今日\n- 朝に散歩\n- 夜は早めに', friends: [friend('花子', 'hanako')] },
      { id: 'u2', text: '静かな一日。読書に向いています！', friends: [friend(null, 'taro')] },
      { id: 'u3', text: '三人目。', friends: [friend('三郎', 'saburo')] },
      { id: 'u4', text: '四人目。', friends: [friend('四郎', 'shiro')] },
    ];
    server.use(http.get('/api/friend-updates', () => HttpResponse.json({ date: '2026-11-22', updates })));
    renderHome();

    const region = await screen.findByRole('region', { name: '友だちの今日' });
    await within(region).findByText('花子さん');
    const cards = within(region).getAllByRole('listitem').filter((li) => li.parentElement?.parentElement === region);
    expect(cards).toHaveLength(3);
    expect(within(region).queryByText('四郎さん')).not.toBeInTheDocument();

    const [first, second] = cards as [HTMLElement, HTMLElement];
    expect(within(first).getByText('はなこの今日')).toBeInTheDocument();
    expect(within(within(first).getByRole('list')).getAllByRole('listitem').map((li) => li.textContent)).toEqual([
      '朝に散歩',
      '夜は早めに',
    ]);
    expect(within(second).getByText('taroさん')).toBeInTheDocument();
    expect(within(second).getAllByRole('paragraph').map((p) => p.textContent)).toEqual([
      'taroさん',
      '静かな一日。',
      '読書に向いています！',
    ]);
  });
});
