import { screen, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { delay, http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';

import { BirthForm } from '@/features/birth-input/components/birth-form';
import { DEFAULT_COORDINATES, type BirthInput } from '@/lib/birth-data';
import { sampleCoordinates } from '@/testing/mocks/data';
import { server } from '@/testing/mocks/server';
import { renderApp } from '@/testing/test-utils';

const DIALOG_TITLE = '太陽が、あなたの流れを照らす。';

function renderForm() {
  const onSubmit = vi.fn<(input: BirthInput) => void>();
  const rendered = renderApp(<BirthForm onSubmit={onSubmit} currentYear={2025} />);
  return { onSubmit, ...rendered };
}

const submitButton = () => screen.getByRole('button', { name: '命式を読み解く' });

async function pickDate(user: UserEvent, year = '1990', month = '5', day = '15') {
  await user.selectOptions(screen.getByRole('combobox', { name: '年' }), year);
  await user.selectOptions(screen.getByRole('combobox', { name: '月' }), month);
  await user.selectOptions(screen.getByRole('combobox', { name: '日' }), day);
}

async function pickTime(user: UserEvent, hour = '14', minute = '30') {
  await user.selectOptions(screen.getByRole('combobox', { name: '時' }), hour);
  await user.selectOptions(screen.getByRole('combobox', { name: '分' }), minute);
}

/**
 * The suggestion list. Option queries are scoped to it: the date and time selects hold some 230 native
 * options, and checking each of them on every poll makes unscoped queries slow.
 */
const suggestions = () => screen.findByRole('listbox', { name: '出生地' });

async function chooseSuggestion(user: UserEvent, name: string) {
  await user.click(await within(await suggestions()).findByRole('option', { name }));
}

/** Records each place search with the time it arrived. */
function recordPlaceSearches() {
  const searches: { query: string; at: number }[] = [];
  server.events.on('request:start', ({ request }) => {
    const url = new URL(request.url);
    if (url.pathname === '/api/places/search') {
      searches.push({ query: url.searchParams.get('query') ?? '', at: performance.now() });
    }
  });
  return searches;
}

describe('birth form', () => {
  it('offers the last 100 years, months 1-12, days 1-31, hours 00-23 and minutes 00-59', () => {
    renderForm();

    const years = within(screen.getByRole('combobox', { name: '年' })).getAllByRole('option');
    expect(years).toHaveLength(101);
    expect(years[1]).toHaveValue('2025');
    expect(years[100]).toHaveValue('1926');
    expect(within(screen.getByRole('combobox', { name: '月' })).getAllByRole('option')).toHaveLength(13);
    expect(within(screen.getByRole('combobox', { name: '日' })).getAllByRole('option')).toHaveLength(32);
    const hours = within(screen.getByRole('combobox', { name: '時' })).getAllByRole('option');
    expect(hours.map((option) => option.getAttribute('value'))).toEqual(['', ...Array.from({ length: 24 }, (_, h) => String(h).padStart(2, '0'))]);
    expect(within(screen.getByRole('combobox', { name: '分' })).getAllByRole('option')).toHaveLength(61);
  });

  it('keeps submit disabled until year, month and day are chosen', async () => {
    const { user } = renderForm();
    expect(submitButton()).toBeDisabled();

    await user.selectOptions(screen.getByRole('combobox', { name: '年' }), '1990');
    expect(submitButton()).toBeDisabled();
    await user.selectOptions(screen.getByRole('combobox', { name: '月' }), '5');
    expect(submitButton()).toBeDisabled();
    await user.selectOptions(screen.getByRole('combobox', { name: '日' }), '15');

    expect(submitButton()).toBeEnabled();
  });

  it('asks before going on when time and place are empty, and can go back', async () => {
    const { user, onSubmit } = renderForm();
    await pickDate(user);

    await user.click(submitButton());

    const dialog = await screen.findByRole('dialog', { name: DIALOG_TITLE });
    expect(within(dialog).getByText('どうしますか？')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: '入力に戻る' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('submits an unknown time (the server uses noon) and Tokyo when the user goes on without them', async () => {
    const { user, onSubmit } = renderForm();
    await pickDate(user, '1990', '5', '5');

    await user.click(submitButton());
    await user.click(await screen.findByRole('button', { name: 'このまま進む' }));

    expect(onSubmit).toHaveBeenCalledExactlyOnceWith({
      birthDate: '1990-05-05',
      birthTime: '',
      birthLocation: '東京, 日本',
      coordinates: DEFAULT_COORDINATES,
    });
  });

  it('asks when only the place is missing, and keeps the time that was entered', async () => {
    const { user, onSubmit } = renderForm();
    await pickDate(user);
    await pickTime(user, '07', '05');

    await user.click(submitButton());
    await user.click(await screen.findByRole('button', { name: 'このまま進む' }));

    expect(onSubmit).toHaveBeenCalledWith(expect.objectContaining({ birthTime: '07:05', birthLocation: '東京, 日本' }));
  });

  it('submits at once, without asking, when everything is filled in', async () => {
    const { user, onSubmit } = renderForm();
    await pickDate(user);
    await pickTime(user);
    await user.type(screen.getByRole('combobox', { name: '出生地' }), '札幌');
    await chooseSuggestion(user, '札幌, 北海道, 日本');
    await vi.waitFor(() => expect(submitButton()).toBeEnabled());

    await user.click(submitButton());

    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(onSubmit).toHaveBeenCalledExactlyOnceWith({
      birthDate: '1990-05-15',
      birthTime: '14:30',
      birthLocation: '札幌, 北海道, 日本',
      coordinates: sampleCoordinates,
    });
  });
});

describe('place suggestions', () => {
  it('search once, 300 ms after typing stops', async () => {
    const searches = recordPlaceSearches();
    const { user } = renderForm();

    await user.type(screen.getByRole('combobox', { name: '出生地' }), '札幌市');
    const typedAt = performance.now();
    expect(searches).toHaveLength(0);

    expect(within(await suggestions()).getAllByRole('option')).not.toHaveLength(0);
    expect(searches).toHaveLength(1);
    expect(searches[0]?.query).toBe('札幌市');
    // The debounce starts at the last keystroke, a moment before `typedAt`.
    expect((searches[0]?.at ?? 0) - typedAt).toBeGreaterThanOrEqual(250);
  });

  it('shows at most five suggestions', async () => {
    const { user } = renderForm();

    await user.type(screen.getByRole('combobox', { name: '出生地' }), '札幌');

    expect(within(await suggestions()).getAllByRole('option')).toHaveLength(5);
  });

  it("shows '検索中...' while searching", async () => {
    server.use(
      http.get('/api/places/search', async () => {
        await delay(400);
        return HttpResponse.json({ suggestions: ['京都, 京都府, 日本'] });
      }),
    );
    const { user } = renderForm();

    await user.type(screen.getByRole('combobox', { name: '出生地' }), '京都');

    expect(await screen.findByText('検索中...')).toBeInTheDocument();
    expect(await within(await suggestions()).findByRole('option', { name: '京都, 京都府, 日本' })).toBeInTheDocument();
    expect(screen.queryByText('検索中...')).not.toBeInTheDocument();
  });

  it('clears the list when the text is emptied', async () => {
    const { user } = renderForm();
    const field = screen.getByRole('combobox', { name: '出生地' });
    await user.type(field, '札幌');
    await suggestions();

    await user.clear(field);

    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
    expect(field).toHaveAttribute('aria-expanded', 'false');
  });

  it('stays silent when the search fails', async () => {
    server.use(http.get('/api/places/search', () => HttpResponse.json({ message: '失敗' }, { status: 500 })));
    const searches = recordPlaceSearches();
    const { user } = renderForm();

    await user.type(screen.getByRole('combobox', { name: '出生地' }), '札幌');
    await vi.waitFor(() => expect(searches).toHaveLength(1));

    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('falls back to Tokyo when the coordinates cannot be found', async () => {
    server.use(http.get('/api/places/coordinates', () => new HttpResponse(null, { status: 502 })));
    const { user, onSubmit } = renderForm();
    await pickDate(user);
    await pickTime(user);
    const field = screen.getByRole('combobox', { name: '出生地' });

    await user.type(field, '札幌');
    await chooseSuggestion(user, '札幌, 北海道, 日本');
    await vi.waitFor(() => expect(field).toHaveValue('東京, 日本'));
    await user.click(submitButton());

    expect(onSubmit).toHaveBeenCalledWith(
      expect.objectContaining({ birthLocation: '東京, 日本', coordinates: DEFAULT_COORDINATES }),
    );
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('can be driven with the keyboard', async () => {
    const { user } = renderForm();
    const field = screen.getByRole('combobox', { name: '出生地' });
    await user.type(field, '札幌');
    await suggestions();

    await user.keyboard('{ArrowDown}{ArrowDown}{Enter}');

    await vi.waitFor(() => expect(field).toHaveValue('札幌市中央区, 北海道, 日本'));
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
  });
});
