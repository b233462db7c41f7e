import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';

import { AdminRoutes } from '@/app-admin/router';
import { BaseProviders } from '@/components/providers/base-providers';
import { completeAdminHandoff } from '@/lib/admin-handoff';
import '@/theme/global.css';

completeAdminHandoff();

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

createRoot(container).render(
  <StrictMode>
    <BrowserRouter>
      <BaseProviders>
        <AdminRoutes />
      </BaseProviders>
    </BrowserRouter>
  </StrictMode>,
);
