import { AppBar, Toolbar, Typography } from '@mui/material';

export function NavBar() {
  return (
    <AppBar position="sticky">
      <Toolbar>
        <Typography component="span">EcoForma</Typography>
      </Toolbar>
    </AppBar>
  );
}
