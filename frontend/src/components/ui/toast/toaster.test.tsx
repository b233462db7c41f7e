import { act, fireEvent, renderHook, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { toast, useToast } from '@/components/ui/toast/toast-store';
import { renderApp } from '@/testing/test-utils';

function ToastButtons() {
  return (
    <>
      <button type="button" onClick={() => toast({ title: '一つ目', description: '最初の通知' })}>
        一つ目
      </button>
      <button type="button" onClick={() => toast({ title: '二つ目', description: '次の通知' })}>
        二つ目
      </button>
      <button type="button" onClick={() => toast({ title: 'エラー', description: '失敗しました', variant: 'destructive' })}>
        失敗
      </button>
    </>
  );
}

describe('toasts', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('shows at most one toast: a new one replaces the visible one', async () => {
    const { user } = renderApp(<ToastButtons />);

    await user.click(screen.getByRole('button', { name: '一つ目' }));
    await user.click(screen.getByRole('button', { name: '二つ目' }));

    const region = screen.getByRole('region', { name: '通知 (F8)' });
    const shown = screen.getAllByRole('status').filter((element) => region.contains(element));
    expect(shown).toHaveLength(1);
    expect(shown[0]).toHaveTextContent('二つ目');
    expect(screen.queryByText('一つ目', { selector: 'li *' })).not.toBeInTheDocument();
  });

  it('announces destructive toasts as alerts', async () => {
    const { user } = renderApp(<ToastButtons />);

    await user.click(screen.getByRole('button', { name: '失敗' }));

    expect(screen.getByRole('alert')).toHaveTextContent('エラー失敗しました');
  });

  it('closes after 5000 ms and forgets the toast 5000 ms after that', () => {
    vi.useFakeTimers();
    renderApp(<ToastButtons />);
    const store = renderHook(() => useToast());

    act(() => {
      toast({ title: '保存しました' });
    });
    expect(screen.getByRole('status')).toHaveTextContent('保存しました');

    act(() => vi.advanceTimersByTime(4999));
    expect(screen.getByRole('status')).toBeInTheDocument();

    act(() => vi.advanceTimersByTime(1));
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
    expect(store.result.current.toasts).toEqual([expect.objectContaining({ title: '保存しました', open: false })]);

    act(() => vi.advanceTimersByTime(5000));
    expect(store.result.current.toasts).toEqual([]);
  });

  it('closes with its close button', async () => {
    const { user } = renderApp(<ToastButtons />);
    await user.click(screen.getByRole('button', { name: '一つ目' }));

    await user.click(screen.getByRole('button', { name: '閉じる' }));

    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });

  it('closes when swiped right by 50 px, but not by less', async () => {
    const { user } = renderApp(<ToastButtons />);
    await user.click(screen.getByRole('button', { name: '一つ目' }));
    const item = screen.getByRole('status');

    fireEvent.pointerDown(item, { clientX: 100, button: 0 });
    fireEvent.pointerMove(item, { clientX: 149 });
    fireEvent.pointerUp(item, { clientX: 149 });
    expect(screen.getByRole('status')).toBeInTheDocument();

    fireEvent.pointerDown(item, { clientX: 100, button: 0 });
    fireEvent.pointerMove(item, { clientX: 150 });
    fireEvent.pointerUp(item, { clientX: 150 });
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });

  it('does not close on a leftward swipe', async () => {
    const { user } = renderApp(<ToastButtons />);
    await user.click(screen.getByRole('button', { name: '一つ目' }));
    const item = screen.getByRole('status');

    fireEvent.pointerDown(item, { clientX: 200, button: 0 });
    fireEvent.pointerMove(item, { clientX: 100 });
    fireEvent.pointerUp(item, { clientX: 100 });

    expect(screen.getByRole('status')).toBeInTheDocument();
  });

  it('moves focus to the notification region on F8', async () => {
    const { user } = renderApp(<ToastButtons />);
    await user.click(screen.getByRole('button', { name: '一つ目' }));

    await user.keyboard('{F8}');

    expect(screen.getByRole('region', { name: '通知 (F8)' })).toHaveFocus();
  });
});
