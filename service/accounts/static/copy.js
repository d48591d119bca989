// The Copy button beside a link (the table's challenge link): copies the field it names.
document.addEventListener("click", async (event) => {
  const button = event.target.closest("button.copy");
  if (!button) return;
  const field = document.getElementById(button.dataset.copy);
  const said = button.parentElement.querySelector(".copied");
  field.select();
  try {
    await navigator.clipboard.writeText(field.value);
    if (said) said.textContent = "Copied.";
  } catch (err) {
    if (said) said.textContent = "Select the link and copy it.";
  }
});
