import { configure } from '@testing-library/react';

// `waitFor`/`findBy*` give a page 5 s instead of 1 s: on a busy 2-core CI machine a jsdom render of a whole page can
// take longer than a second; a page that never shows what is awaited still fails.
configure({ asyncUtilTimeout: 5_000 });
