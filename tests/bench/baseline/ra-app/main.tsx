// The first-load baseline of `npm run bench`: the smallest react-admin 5 + MUI app of the portal's kind — a login
// page, a dashboard and one list over ra-data-simple-rest with polyglot translations — built with the portal's
// own versions. The portal's entry should stay near this size.
import { createRoot } from 'react-dom/client';
import { Admin, Datagrid, DateField, List, Resource, TextField, type AuthProvider } from 'react-admin';
import { Card, CardContent, Typography } from '@mui/material';
import simpleRestProvider from 'ra-data-simple-rest';
import polyglotI18nProvider from 'ra-i18n-polyglot';
import englishMessages from 'ra-language-english';

const authProvider: AuthProvider = {
  login: async () => undefined,
  logout: async () => undefined,
  checkAuth: async () => undefined,
  checkError: async () => undefined,
  getPermissions: async () => undefined,
};

const Dashboard = () => (
  <Card>
    <CardContent>
      <Typography variant="h5">Welcome</Typography>
      <Typography>Current projects and tasks would be listed here.</Typography>
    </CardContent>
  </Card>
);

const BannerList = () => (
  <List>
    <Datagrid>
      <TextField source="title" />
      <DateField source="showFrom" />
    </Datagrid>
  </List>
);

createRoot(document.getElementById('root')!).render(
  <Admin
    basename="/bare"
    disableTelemetry
    dashboard={Dashboard}
    authProvider={authProvider}
    dataProvider={simpleRestProvider('/api/data/planxchange')}
    i18nProvider={polyglotI18nProvider(() => englishMessages, 'en')}
  >
    <Resource name="banner-notifications" list={BannerList} />
  </Admin>,
);
