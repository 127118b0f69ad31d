import { StrictMode } from 'react';
import { Provider } from 'react-redux';
import { BrowserRouter } from 'react-router-dom';
import type { AppStore } from '@dosar/shared';
import { AppRoutes } from './routes';

export function App({ store }: { store: AppStore }) {
  return (
    <StrictMode>
      <Provider store={store}>
        <BrowserRouter future={{ v7_startTransition: true }}>
          <AppRoutes />
        </BrowserRouter>
      </Provider>
    </StrictMode>
  );
}
