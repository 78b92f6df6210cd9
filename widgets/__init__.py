"""Reusable Qt views. Each renders a core model or plain data and holds no accounting logic."""
