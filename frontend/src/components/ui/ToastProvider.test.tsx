import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { ThemeProvider } from '@/lib/theme';
import { useToast } from './toast';
import { ToastProvider } from './ToastProvider';

function Toaster() {
  const { toast } = useToast();
  return (
    <>
      <button type="button" onClick={() => toast({ title: 'Saved', description: 'First' })}>
        first
      </button>
      <button type="button" onClick={() => toast({ title: 'Error', description: 'Second', variant: 'destructive' })}>
        second
      </button>
    </>
  );
}

function renderToaster() {
  render(
    <ThemeProvider>
      <ToastProvider>
        <Toaster />
      </ToastProvider>
    </ThemeProvider>,
  );
  return userEvent.setup({ delay: null });
}

const notices = () => document.querySelectorAll<HTMLElement>('.ant-notification-notice');
/** The texts of the toasts on screen: jsdom never ends antd's leave motion, so a leaving one counts as gone. */
const onScreen = () => [...notices()].filter((notice) => !notice.matches('.ant-notification-fade-leave')).map((notice) => notice.textContent);

describe('ToastProvider', () => {
  it('shows one toast at a time: a new one replaces the one before', async () => {
    const user = renderToaster();
    await user.click(screen.getByRole('button', { name: 'first' }));
    expect(await screen.findByText('First')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'second' }));
    expect(await screen.findByText('Second')).toBeInTheDocument();
    await waitFor(() => expect(onScreen()).toEqual(['ErrorSecond']));
  });

  it('takes a toast swiped right past 50 px off the screen', async () => {
    const user = renderToaster();
    await user.click(screen.getByRole('button', { name: 'first' }));
    await screen.findByText('First');
    const [notice] = notices();
    // The pointer is on the toast, which holds its own 5 s close meanwhile (antd pauses a
    // hovered toast): only the swipe can take it away, however long the wait below.
    fireEvent.mouseEnter(notice!);
    const pointer = { pointerId: 1, isPrimary: true, pointerType: 'mouse', button: 0, clientY: 10 };
    fireEvent.pointerDown(notice!, { ...pointer, clientX: 100 });
    fireEvent.pointerMove(notice!, { ...pointer, clientX: 140 });
    fireEvent.pointerMove(notice!, { ...pointer, clientX: 170 });
    fireEvent.pointerUp(notice!, { ...pointer, clientX: 170 });
    await waitFor(() => expect(onScreen()).toEqual([]));
  });
});
