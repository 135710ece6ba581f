/* Loaded in <head>: mark that JavaScript runs, before the page paints. */
document.documentElement.classList.add("js");
