import { createRoot } from 'react-dom/client';
import { connectSession, createAppStore } from '@dosar/shared';
import { App } from './app/App';

// The session lives in the shell's store; the token persisted under 'bearer_token' is checked with GET /api/user.
const store = createAppStore();
void connectSession(store);

const root = document.getElementById('root');
if (root) createRoot(root).render(<App store={store} />);
