"""Agricola (original 2007 edition). Placeholder until the rules land."""
