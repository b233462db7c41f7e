import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { LifeFortuneScreen, type LifeFortunePerson } from '@/features/reports/components/life-fortune-screen';
import { failedReport, generatingReport, mockReadings, sampleLifeReport, TEST_TODAY } from '@/testing/mocks/readings';
import { renderApp } from '@/testing/test-utils';

const ready: LifeFortunePerson = { birthDate: '1990-05-15', baziChartStatus: 'ready' };
const renderLifeFortune = (person: LifeFortunePerson = ready) =>
  renderApp(<LifeFortuneScreen person={person} now={TEST_TODAY} />, { route: '/life-fortune' });

describe('/life-fortune', () => {
  it('shows the life report with a way back to the profile', async () => {
    mockReadings();
    renderLifeFortune();

    expect(screen.getByRole('heading', { level: 1, name: '人生の運勢' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'プロフィールへ戻る' })).toHaveAttribute('href', '/profile');
    expect(await screen.findByTestId('report-title')).toHaveTextContent('金を磨き、水に流す人生');
    expect(screen.getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent)).toEqual([
      '生まれ持った流れ',
      '人生の後半',
      '人生の節目',
    ]);
  });

  it('marks the report as partly 参考 when the birth time is unknown', async () => {
    mockReadings({ life: [{ ...sampleLifeReport, hourDependent: ['elements', 'luck'] }] });
    renderLifeFortune();

    expect(await screen.findByTestId('report-hour-note')).toHaveTextContent('次の内容は参考としてご覧ください: 五行のバランス・大運');
  });

  it('puts the important dates on a timeline in time order, the past quieter and the next one highlighted', async () => {
    mockReadings();
    renderLifeFortune();

    const timeline = await screen.findByTestId('date-timeline');
    const entries = within(timeline).getAllByRole('listitem');
    expect(entries.map((entry) => entry.textContent?.match(/^[0-9年月日]+/)?.[0])).toEqual([
      '2013年',
      '2023年7月10日',
      '2028年4月',
      '2033年7月10日',
    ]);
    expect(entries.map((entry) => entry.getAttribute('data-state'))).toEqual(['past', 'past', 'next', 'future']);
    const next = entries.filter((entry) => entry.getAttribute('aria-current') === 'date');
    expect(next).toEqual([entries[2]]);
    expect(entries[2]).toHaveTextContent('次の節目');
    expect(entries[2]).toHaveTextContent('役割が広がる時期');
    // The state is spoken, not only shown by colour.
    expect(entries[0]).toHaveTextContent('過ぎた節目');
    expect(entries[3]).toHaveTextContent('これからの節目');
  });

  it('says 作成中… while the report is being written', async () => {
    mockReadings({ life: [generatingReport('life')] });
    renderLifeFortune();

    expect(await screen.findByText('作成中…')).toBeInTheDocument();
    expect(screen.queryByTestId('date-timeline')).not.toBeInTheDocument();
  });

  it('offers to try again when the report failed', async () => {
    const calls = mockReadings({ life: [failedReport('life'), generatingReport('life')] });
    const { user } = renderLifeFortune();

    const alert = await screen.findByRole('alert');
    await user.click(within(alert).getByRole('button', { name: 'もう一度作成する' }));
    expect(await screen.findByText('作成中…')).toBeInTheDocument();
    expect(calls.life).toBe(2);
  });

  it('waits for the chart, and asks for a birth date when there is none', () => {
    const calls = mockReadings();
    const { unmount } = renderLifeFortune({ birthDate: '1990-05-15', baziChartStatus: 'generating' });
    expect(screen.getByRole('status')).toHaveTextContent('未来を覗き見中...');
    unmount();

    renderLifeFortune({ birthDate: null, baziChartStatus: 'pending' });
    expect(screen.getByRole('link', { name: '設定で生年月日を登録する' })).toHaveAttribute('href', '/settings');
    expect(calls.life).toBe(0);
  });
});
