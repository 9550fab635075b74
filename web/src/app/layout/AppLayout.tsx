import { Outlet } from 'react-router';
import { Toaster } from '../../components/Toaster';
import { LoginDialog } from '../../features/auth/components/LoginDialog';
import { TopBar } from './TopBar';

/** Minimal shell: top bar, page, login dialog, toast. */
export function AppLayout() {
  return (
    <div className="app">
      <TopBar />
      <main className="main">
        <Outlet />
      </main>
      <LoginDialog />
      <Toaster />
    </div>
  );
}
