import { renderStandalone } from '@dosar/shared';
import App from './App';
import { paths } from './paths';

// Only when the remote runs alone on its dev server; inside the shell './App' is loaded instead.
renderStandalone(App, { basePath: paths.root });
