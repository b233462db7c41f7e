import { http, HttpResponse, type DefaultBodyType, type PathParams } from 'msw';

import type {
  Compatibility,
  Friend,
  FriendRequest,
  FriendshipState,
  FriendsOverview,
  Invite,
  Member,
  MemberSearch,
} from '@/features/friends/api/types';
import { apiError } from '@/testing/mocks/accounts';
import { sampleUser } from '@/testing/mocks/data';
import { server } from '@/testing/mocks/server';
import type { ApiSchema } from '@/types/api';

/** Members of the made-up social graph; `sampleUser` (hanako) is the one signed in. */
export const members = {
  me: { userId: sampleUser.id, username: sampleUser.username ?? 'hanako', firstName: null, profileImageUrl: null },
  taro: { userId: '0193d1a2-7c1e-7000-8000-00000000000a', username: 'taro', firstName: '太郎', profileImageUrl: null },
  jiro: { userId: '0193d1a2-7c1e-7000-8000-00000000000b', username: 'jiro', firstName: null, profileImageUrl: null },
  saburo: { userId: '0193d1a2-7c1e-7000-8000-00000000000c', username: 'saburo', firstName: '三郎', profileImageUrl: null },
  shiro: { userId: '0193d1a2-7c1e-7000-8000-00000000000d', username: 'shiro', firstName: '四郎', profileImageUrl: null },
  tama: { userId: '0193d1a2-7c1e-7000-8000-00000000000e', username: 'tamako', firstName: '珠子', profileImageUrl: null },
} satisfies Record<string, Member>;

export const sampleCompatibility = (friend: Member): Compatibility => ({
  friend,
  status: 'ready',
  score: 82,
  summary: 'おだやかに支え合える組み合わせです。',
  // The shape social sends: the friend is named only by day master and favourable element (喜神).
  factors: [
    {
      key: 'dayMaster',
      label: '日主どうしの関係',
      score: 80,
      detail: 'あなたの日主甲（木）がお相手の日主丙（火）を生じる相生の関係。あなたが自然に支え、育てる側になりやすい組み合わせです',
    },
    {
      key: 'elements',
      label: '五行の補い合い',
      score: 75,
      detail: 'お相手の日主の「火」は、あなたの喜神「火」そのもの。あなたの日主の「木」は、お相手の喜神「水」とは穏やかな間柄の気',
    },
    {
      key: 'keyElements',
      label: '喜神どうしの関係',
      score: 40,
      detail: 'あなたの喜神「火」とお相手の喜神「水」は相剋の関係。元気の出るものが違うので、お互いの好みを尊重して',
    },
  ],
  youBring: 'あなたは「水」（知恵としなやかさ）の気を多く持ち、お相手の喜神であるその力を分けてあげられます。',
  friendBrings: 'お相手の日主は「火」（情熱と明るさ）の気で、あなたの喜神そのもの。そばにいるだけで力を分けてくれます。',
  computedAt: '2026-11-22T03:00:00Z',
});

type Graph = {
  friends: Friend[];
  incoming: FriendRequest[];
  outgoing: FriendRequest[];
  blocked: Member[];
  /** Everyone search can find (the signed-in member excluded), friends and requests included. */
  directory: Member[];
  compatibility: Record<string, Compatibility>;
};

const asFriend = (member: Member, score = 82): Friend => ({
  ...member,
  compatibilityStatus: 'ready',
  compatibilityScore: score,
  since: '2026-11-20T10:00:00Z',
});
const asRequest = (member: Member): FriendRequest => ({ ...member, createdAt: '2026-11-21T10:00:00Z' });

/**
 * The gateway's social routes over an in-memory graph, so a screen test acts
 * as on the real thing: a request to someone who already asked makes friends, removing and blocking end
 * the friendship, search answers each member's state. Returns the graph for assertions.
 */
export function mockSocial(initial: Partial<Graph> = {}) {
  const graph: Graph = {
    friends: [asFriend(members.taro)],
    incoming: [asRequest(members.jiro)],
    outgoing: [asRequest(members.saburo)],
    blocked: [],
    directory: [members.taro, members.jiro, members.saburo, members.shiro, members.tama],
    compatibility: {},
    ...initial,
  };
  const find = (userId: string) => graph.directory.find((m) => m.userId === userId);
  const without = <T extends Member>(list: T[], userId: string) => list.filter((m) => m.userId !== userId);
  const stateOf = (userId: string): FriendshipState => {
    if (graph.blocked.some((m) => m.userId === userId)) return 'blocked';
    if (graph.friends.some((m) => m.userId === userId)) return 'friends';
    if (graph.outgoing.some((m) => m.userId === userId)) return 'outgoing';
    if (graph.incoming.some((m) => m.userId === userId)) return 'incoming';
    return 'none';
  };
  const notFound = () => apiError(404, 'MEMBER_NOT_FOUND', 'ユーザーが見つかりませんでした');
  const publicOf = (m: Member): Member => ({ userId: m.userId, username: m.username, firstName: m.firstName, profileImageUrl: m.profileImageUrl });
  const makeFriends = (member: Member) => {
    graph.incoming = without(graph.incoming, member.userId);
    graph.outgoing = without(graph.outgoing, member.userId);
    graph.friends = [...graph.friends, { ...asFriend(publicOf(member)), compatibilityStatus: 'pending', compatibilityScore: null }];
  };

  server.use(
    http.get('/api/friends', () =>
      HttpResponse.json<FriendsOverview>({ friends: graph.friends, incoming: graph.incoming, outgoing: graph.outgoing }),
    ),
    http.get<PathParams, DefaultBodyType, MemberSearch | ApiSchema<'ErrorBody'>>('/api/friends/search', ({ request }) => {
      const q = (new URL(request.url).searchParams.get('q') ?? '').normalize('NFKC').toLowerCase();
      if (q === '' || Array.from(q).length > 30) {
        return apiError(400, 'INVALID_SEARCH_QUERY', 'ユーザー名を30文字以内で入力してください');
      }
      const results = graph.directory
        .filter((m) => m.username.normalize('NFKC').toLowerCase().startsWith(q))
        .map((m) => ({ ...publicOf(m), state: stateOf(m.userId) }));
      return HttpResponse.json<MemberSearch>({ results });
    }),
    http.post<never, { userId: string }>('/api/friends/requests', async ({ request }) => {
      const { userId } = await request.json();
      const member = find(userId);
      if (!member) return notFound();
      if (userId === members.me.userId) return apiError(400, 'CANNOT_FRIEND_SELF', '自分自身にフレンド申請はできません');
      const state = stateOf(userId);
      if (state === 'friends') return apiError(409, 'ALREADY_FRIENDS', 'すでにフレンドです');
      if (state === 'incoming') {
        makeFriends(member);
        return HttpResponse.json({ state: 'friends' as const });
      }
      if (state === 'none') graph.outgoing = [...graph.outgoing, asRequest(publicOf(member))];
      return HttpResponse.json({ state: 'outgoing' as const });
    }),
    http.post<{ userId: string }>('/api/friends/requests/:userId/accept', ({ params }) => {
      const member = graph.incoming.find((m) => m.userId === params.userId);
      if (!member) return apiError(404, 'FRIEND_REQUEST_NOT_FOUND', 'フレンド申請が見つかりませんでした');
      makeFriends(member);
      return HttpResponse.json({ state: 'friends' as const });
    }),
    http.post<{ userId: string }>('/api/friends/requests/:userId/decline', ({ params }) => {
      if (!graph.incoming.some((m) => m.userId === params.userId)) {
        return apiError(404, 'FRIEND_REQUEST_NOT_FOUND', 'フレンド申請が見つかりませんでした');
      }
      graph.incoming = without(graph.incoming, params.userId);
      return HttpResponse.json({ state: 'none' as const });
    }),
    http.delete<{ userId: string }>('/api/friends/requests/:userId', ({ params }) => {
      if (!graph.outgoing.some((m) => m.userId === params.userId)) {
        return apiError(404, 'FRIEND_REQUEST_NOT_FOUND', 'フレンド申請が見つかりませんでした');
      }
      graph.outgoing = without(graph.outgoing, params.userId);
      return HttpResponse.json({ state: 'none' as const });
    }),
    http.delete<{ userId: string }>('/api/friends/:userId', ({ params }) => {
      if (!graph.friends.some((m) => m.userId === params.userId)) return apiError(404, 'FRIEND_NOT_FOUND', 'フレンドが見つかりませんでした');
      graph.friends = without(graph.friends, params.userId);
      return HttpResponse.json({ state: 'none' as const });
    }),
    http.get<{ userId: string }>('/api/friends/:userId/compatibility', ({ params }) => {
      const friend = graph.friends.find((m) => m.userId === params.userId);
      if (!friend) return apiError(404, 'FRIEND_NOT_FOUND', 'フレンドが見つかりませんでした');
      return HttpResponse.json<Compatibility>(graph.compatibility[friend.userId] ?? sampleCompatibility(publicOf(friend)));
    }),
    http.get('/api/blocks', () => HttpResponse.json({ blocked: graph.blocked })),
    http.post<never, { userId: string }>('/api/blocks', async ({ request }) => {
      const { userId } = await request.json();
      const member = find(userId);
      if (!member) return notFound();
      graph.friends = without(graph.friends, userId);
      graph.incoming = without(graph.incoming, userId);
      graph.outgoing = without(graph.outgoing, userId);
      if (!graph.blocked.some((m) => m.userId === userId)) graph.blocked = [...graph.blocked, publicOf(member)];
      return HttpResponse.json({ state: 'blocked' as const });
    }),
    http.delete<{ userId: string }>('/api/blocks/:userId', ({ params }) => {
      graph.blocked = without(graph.blocked, params.userId);
      return HttpResponse.json({ state: 'none' as const });
    }),
    http.get<{ userId: string }>('/api/invites/:userId', ({ params }) => {
      if (params.userId === members.me.userId) return HttpResponse.json<Invite>({ inviter: members.me, state: 'self' });
      const member = find(params.userId);
      if (!member) return notFound();
      return HttpResponse.json<Invite>({ inviter: publicOf(member), state: stateOf(member.userId) });
    }),
  );
  return graph;
}
