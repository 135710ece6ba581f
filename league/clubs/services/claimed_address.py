"""The address a claim link was mailed to becomes a confirmed address of the account that
claims the player with it: opening the mailed link proves the person reads that mail."""

from __future__ import annotations

from allauth.account.models import EmailAddress


def confirm_claimed_address(user, email: str) -> None:
    """`email` a confirmed address of `user`'s account, and his primary one (the address
    mail and password resets go to) when he has none yet. An address another account holds
    confirmed stays that account's alone: this account gains nothing then. Called inside the
    claim's transaction."""
    if EmailAddress.objects.filter(email__iexact=email, verified=True).exclude(user=user).exists():
        return
    address = EmailAddress.objects.filter(user=user, email__iexact=email).first()
    has_primary = EmailAddress.objects.filter(user=user, primary=True).exists()
    if address is None:
        address = EmailAddress.objects.create(user=user, email=email, verified=True,
                                              primary=not has_primary)
    elif not address.verified or not has_primary:
        address.verified = True
        address.primary = address.primary or not has_primary
        address.save(update_fields=["verified", "primary"])
    if address.primary and user.email != address.email:
        user.email = address.email
        user.save(update_fields=["email"])
