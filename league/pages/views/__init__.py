"""The pages that bring the apps together: home, club, player and match."""
